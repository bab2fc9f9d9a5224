import type { Command } from 'commander';

/**
 * The `embed` command group, made by whichever embed registrar runs first: sessions, tenants, groups,
 * access and dashboards each add their own subcommands to the one group.
 */
export function embedCommandOf(program: Command): Command {
  return (
    program.commands.find((command) => command.name() === 'embed') ??
    program
      .command('embed')
      .description('signed embedding: sessions, embed tenants and their groups, who may open what')
  );
}
