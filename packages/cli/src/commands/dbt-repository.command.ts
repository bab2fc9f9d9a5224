import type { DbtRepository } from '@platform/contract';
import type { Command } from 'commander';
import { buildUrl } from '../client/request-url.js';
import { formatKeyValues } from '../output/key-values.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface ConnectOptions extends DeploymentOptions {
  url: string;
  branch?: string;
  token?: string;
  webhookSecret?: string;
}

/**
 * Where the secrets may come from instead of the command line, where every user of the machine could
 * read them in the process list.
 */
export const dbtTokenVariable = 'PLATFORM_DBT_TOKEN';
export const dbtWebhookSecretVariable = 'PLATFORM_DBT_WEBHOOK_SECRET';

/** An empty variable counts as unset, as a shell's `VAR= platform ...` means to clear it. */
export function secretOf(option: string | undefined, environment: NodeJS.ProcessEnv, variable: string) {
  const value = option ?? environment[variable];
  return value === undefined || value === '' ? undefined : value;
}

/** The URL the repository host posts pushes to: the server's base URL (with any proxy prefix) and the path. */
export function webhookUrlOf(apiUrl: string, repository: Pick<DbtRepository, 'webhookPath'>): string {
  return buildUrl(apiUrl, repository.webhookPath).toString();
}

function formatRepository(repository: DbtRepository, apiUrl: string): string {
  return formatKeyValues([
    ['repository', repository.repositoryUrl],
    ['branch', repository.branch],
    ['token', repository.hasToken ? 'set' : 'none'],
    ['webhook secret', repository.hasWebhookSecret ? 'set' : 'none'],
    ['webhook URL', webhookUrlOf(apiUrl, repository)],
    ['updated', repository.updatedAt],
  ]);
}

/** `platform dbt repository get|connect|disconnect`: the git repository git-sourced syncs read. */
export function registerDbtRepositoryCommands(dbt: Command, context: CommandContext): void {
  const repository = dbt
    .command('repository')
    .description('the dbt git repository that `dbt sync` reads and whose pushes start syncs');

  addDeploymentOption(
    addVerb(repository, 'get', 'the connected repository (the token and secret are never shown)'),
  ).action(async (options: DeploymentOptions) => {
    const client = await context.client(options);
    const connected = await client.call('getDbtRepository', { params: { deploymentId: options.deployment } });
    context.render(options, connected, (value) => formatRepository(value, client.apiUrl));
  });

  addDeploymentOption(addVerb(repository, 'connect', 'connect (or replace) the dbt repository'))
    .requiredOption('--url <url>', 'the git URL: https://..., or file:///path for a repository on the server')
    .option(
      '--branch <name>',
      'the branch a sync reads by default and whose pushes start syncs (default main)',
    )
    .option('--token <token>', `a read token for the repository (better: set ${dbtTokenVariable})`)
    .option(
      '--webhook-secret <secret>',
      `the push webhook's shared secret, 16+ characters (better: set ${dbtWebhookSecretVariable})`,
    )
    .action(async (options: ConnectOptions) => {
      const environment = context.runtime.environment;
      const client = await context.client(options);
      const connected = await client.call('connectDbtRepository', {
        params: { deploymentId: options.deployment },
        body: {
          repositoryUrl: options.url,
          branch: options.branch,
          token: secretOf(options.token, environment, dbtTokenVariable),
          webhookSecret: secretOf(options.webhookSecret, environment, dbtWebhookSecretVariable),
        },
      });
      context.render(options, connected, (value) => formatRepository(value, client.apiUrl));
      if (options.json) return;
      context.note(
        connected.hasWebhookSecret
          ? `to sync on every push to ${connected.branch}, add a webhook to the repository host: the webhook ` +
              'URL above, content type application/json, push events, this webhook secret'
          : 'no webhook secret: pushes start no syncs until you connect with --webhook-secret ' +
              `(or ${dbtWebhookSecretVariable})`,
      );
    });

  addDeploymentOption(
    addVerb(repository, 'disconnect', 'disconnect the repository (the history of syncs stays)'),
  ).action(async (options: DeploymentOptions) => {
    const client = await context.client(options);
    const answer = await client.call('disconnectDbtRepository', {
      params: { deploymentId: options.deployment },
    });
    context.render(
      options,
      answer,
      () => `disconnected the dbt repository of deployment ${options.deployment}`,
    );
  });
}
