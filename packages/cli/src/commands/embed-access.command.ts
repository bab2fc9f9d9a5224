import { embedAccessActions } from '@platform/contract';
import { type Command, Option } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions, addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { formatDashboard } from './dashboard-views.js';
import { formatEmbedAccess, formatEmbedDashboardSettings } from './embed-access-views.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface SetAccessOptions extends DeploymentOptions {
  tenant?: string;
  group?: number;
  allUsers?: boolean;
  action: (typeof embedAccessActions)[number];
  allowEmbed?: boolean;
}

/** The `embed` group, shared by every `platform embed …` command: found when another registered it first. */
export function embedCommandOf(program: Command): Command {
  return (
    program.commands.find((command) => command.name() === 'embed') ??
    program
      .command('embed')
      .description('signed embedding: sessions, embed tokens, tenants and who opens which dashboard')
  );
}

/** `platform embed dashboard …` and `platform embed access …`: who among embed users sees what. */
export function registerEmbedAccessCommands(program: Command, context: CommandContext): void {
  const embed = embedCommandOf(program);
  const dashboard = embed
    .command('dashboard')
    .description('a dashboard as embedded, and its allowEmbed switch');

  // The default verb: the hosted CLI's `platform embed dashboard <publicId>` shows it too.
  addCommonOptions(
    dashboard.command('get', { isDefault: true }).description('show a dashboard as the embed page opens it'),
  )
    .argument('<publicId>', "the dashboard's public id")
    .action(async (publicId: string, options: CommonOptions) => {
      const client = await context.client(options);
      const answer = await client.call('getEmbedDashboard', { params: { publicId } });
      context.render(options, answer, formatDashboard);
    });

  // `embed enable-dashboard` and `embed disable-dashboard` are the hosted CLI's names for the same calls.
  for (const [group, verb, allowEmbed] of [
    [dashboard, 'enable', true],
    [dashboard, 'disable', false],
    [embed, 'enable-dashboard', true],
    [embed, 'disable-dashboard', false],
  ] as const) {
    addVerb(group, verb, `${allowEmbed ? 'allow' : 'refuse'} embedding the dashboard (needs EmbedManage)`)
      .argument('<publicId>', "the dashboard's public id")
      .action(async (publicId: string, options: CommonOptions) => {
        const client = await context.client(options);
        const answer = await client.call('updateEmbedDashboard', {
          params: { publicId },
          body: { allowEmbed },
        });
        context.render(options, answer, formatEmbedDashboardSettings);
      });
  }

  const access = embed
    .command('access')
    .description("who among embed users may open a workbook's dashboard (per tenant, tenant group or all)");

  addDeploymentOption(addVerb(access, 'get', "show a workbook's embed access rules (needs EmbedManage)"))
    .argument('<workbookId>', 'workbook id', parseId)
    .action(async (workbookId: number, options: DeploymentOptions) => {
      const client = await context.client(options);
      const answer = await client.call('getWorkbookEmbedAccess', {
        params: { deploymentId: options.deployment, workbookId },
      });
      context.render(options, answer, formatEmbedAccess);
    });

  addDeploymentOption(addVerb(access, 'set', "set one rule of a workbook's embed access (needs EmbedManage)"))
    .argument('<workbookId>', 'workbook id', parseId)
    .option('--tenant <name>', 'the rule is for this embed tenant')
    .option('--group <id>', 'the rule is for this group of --tenant', parseId)
    .option('--all-users', 'the rule is for every embed user')
    .addOption(
      new Option('--action <action>', 'read opens it; none refuses')
        .choices(embedAccessActions)
        .makeOptionMandatory(),
    )
    .option('--allow-embed', "also allow embedding the workbook's dashboard")
    .option('--no-allow-embed', "also refuse embedding the workbook's dashboard")
    .action(async (workbookId: number, options: SetAccessOptions) => {
      if ((options.tenant === undefined) === (options.allUsers === undefined)) {
        throw new UsageError('give exactly one of --tenant <name> and --all-users');
      }
      if (options.group !== undefined && options.tenant === undefined) {
        throw new UsageError('--group needs the --tenant it belongs to');
      }
      const client = await context.client(options);
      const answer = await client.call('updateWorkbookEmbedAccess', {
        params: { deploymentId: options.deployment, workbookId },
        body: {
          ...(options.tenant === undefined
            ? { allEmbedUsers: true as const }
            : { embedTenantName: options.tenant }),
          ...(options.group === undefined ? {} : { groupId: options.group }),
          action: options.action,
          ...(options.allowEmbed === undefined ? {} : { allowEmbed: options.allowEmbed }),
        },
      });
      context.render(options, answer, formatEmbedAccess);
    });
}
