import type { Command } from 'commander';

/**
 * Every leaf command takes --json and --context itself: options declared on the root would stop being
 * recognised after the first option commander does not know, so `... --unset X --json` would fail.
 */
export function addCommonOptions(command: Command): Command {
  return command
    .option('--json', 'print the raw JSON response (for scripts)')
    .option('--context <name>', 'use this saved context instead of the current one');
}

/** A `<group> <verb>` command with the common options. */
export function addVerb(group: Command, nameAndArguments: string, description: string): Command {
  return addCommonOptions(group.command(nameAndArguments).description(description));
}
