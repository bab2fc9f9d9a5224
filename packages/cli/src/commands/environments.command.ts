import {
  type DataApiScope,
  dataApiScopes,
  environmentTypes,
  type OperationResult,
  type Operations,
} from '@platform/contract';
import { type Command, Option } from 'commander';
import { formatTable } from '../output/table.js';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { parseSecurityContext } from './deployment-token.command.js';

type Environment = OperationResult<Operations['listEnvironments']>['items'][number];
type EnvironmentToken = OperationResult<Operations['listEnvironmentTokens']>['items'][number];

interface ListOptions extends CommonOptions {
  type?: Environment['type'];
}

interface CreateTokenOptions extends CommonOptions {
  securityContext?: Record<string, unknown>;
  expiresIn?: number;
  scope?: DataApiScope[];
  metaSync?: boolean;
}

function formatEnvironments(environments: readonly Environment[]): string {
  if (environments.length === 0) return 'no environments';
  return formatTable(
    [
      { header: 'ID', value: (environment: Environment) => environment.id },
      { header: 'TYPE', value: (environment: Environment) => environment.type },
      { header: 'BRANCH', value: (environment: Environment) => environment.branch },
      { header: 'USER', value: (environment: Environment) => environment.user?.email ?? null },
    ],
    environments,
  );
}

function formatTokens(tokens: readonly EnvironmentToken[]): string {
  if (tokens.length === 0) return 'no tokens';
  return formatTable(
    [
      { header: 'TOKEN', value: (token: EnvironmentToken) => token.token },
      { header: 'SCOPES', value: (token: EnvironmentToken) => token.scopes.join(',') || 'all' },
      { header: 'CREATED', value: (token: EnvironmentToken) => token.created_at },
      { header: 'EXPIRES', value: (token: EnvironmentToken) => token.expires_at },
    ],
    tokens,
  );
}

/** `platform environments list|tokens|create-token`: a deployment's environments and their tokens. */
export function registerEnvironmentsCommands(program: Command, context: CommandContext): void {
  const environments = program
    .command('environments')
    .description("a deployment's production, staging and development environments");

  addVerb(environments, 'list', 'list the environments and their API credentials')
    .argument('<deploymentId>', 'deployment id', parseId)
    .addOption(new Option('--type <type>', 'only this type').choices([...environmentTypes]))
    .action(async (deploymentId: number, options: ListOptions) => {
      const client = await context.client(options);
      const result = await client.call('listEnvironments', {
        params: { deploymentId },
        query: { type: options.type, first: '100' },
      });
      context.render(options, result, (value) => formatEnvironments(value.items));
    });

  addVerb(environments, 'tokens', 'list the tokens made for an environment (masked)')
    .argument('<deploymentId>', 'deployment id', parseId)
    .argument('<environmentId>', 'environment id, as listed')
    .action(async (deploymentId: number, environmentId: string, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('listEnvironmentTokens', {
        params: { deploymentId, environmentId },
        query: { first: '100' },
      });
      context.render(options, result, (value) => formatTokens(value.items));
    });

  addVerb(environments, 'create-token', "make a data-API token for the environment's branch")
    .argument('<deploymentId>', 'deployment id', parseId)
    .argument('<environmentId>', 'environment id, as listed')
    .option('--security-context <json>', 'what access policies read (default {})', parseSecurityContext)
    .option('--expires-in <seconds>', 'lifetime, 1 to 3600 (default 3600)', Number)
    .addOption(
      new Option('--scope <scope...>', 'the data-API scopes it carries (default all)').choices([
        ...dataApiScopes,
      ]),
    )
    .option('--meta-sync', 'a token that only reads the metadata (/v1/meta), for tools that sync the model')
    .action(async (deploymentId: number, environmentId: string, options: CreateTokenOptions) => {
      const client = await context.client(options);
      const request = {
        params: { deploymentId, environmentId },
        body: {
          security_context: options.securityContext ?? {},
          expires_in: options.expiresIn,
          scopes: options.scope,
        },
      };
      const result = options.metaSync
        ? await client.call('createEnvironmentMetaSyncToken', request)
        : await client.call('createEnvironmentToken', request);
      context.render(options, result, (value) => value.data.token);
    });
}
