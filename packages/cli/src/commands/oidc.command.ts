import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { collectIds, parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { formatOidcTokenConfig, formatOidcTokenConfigs } from './oidc-views.js';

interface WriteOptions extends CommonOptions {
  data?: string;
  name?: string;
  audience?: string;
  targetEnvVar?: string;
  deployments?: number[];
  allDeployments?: boolean;
  lifetime?: number;
  enabled?: boolean;
}

/** The body of a create or update: `-d` (the hosted CLI's JSON) for every field, the named options on top. */
async function configBodyOf(options: WriteOptions): Promise<Record<string, unknown>> {
  let data: unknown = {};
  if (options.data !== undefined) {
    const text = options.data.startsWith('@') ? await readFile(options.data.slice(1), 'utf8') : options.data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--data must be JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError('--data must be a JSON object of configuration fields');
  }
  if (options.deployments !== undefined && options.allDeployments) {
    throw new UsageError('give --deployments or --all-deployments, not both');
  }
  const named: Record<string, unknown> = {
    name: options.name,
    audience: options.audience,
    targetEnvVar: options.targetEnvVar,
    deploymentIds: options.allDeployments ? null : options.deployments,
    lifetimeSeconds: options.lifetime,
    isEnabled: options.enabled,
  };
  const body: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(named)) if (value !== undefined) body[key] = value;
  return body;
}

function addConfigOptions(command: Command): Command {
  return command
    .option('-d, --data <json>', 'configuration fields as a JSON object (or @file)')
    .option('--name <name>', 'what the configuration is for')
    .option('--audience <audience>', 'the aud claim the trusting party expects')
    .option('--target-env-var <name>', "the connection's variable that holds the token")
    .option('--deployments <ids>', 'only these deployments (comma-separated)', collectIds)
    .option('--all-deployments', 'every deployment of the account')
    .option('--lifetime <seconds>', 'token lifetime, 300 to 3600', parseId)
    .option('--enabled', 'tokens are issued')
    .option('--no-enabled', 'no tokens are issued');
}

/** `platform oidc …`: the platform as an OpenID Connect issuer for deployments' warehouse connections. */
export function registerOidcCommands(program: Command, context: CommandContext): void {
  const oidc = program
    .command('oidc')
    .description(
      'OIDC token configurations: platform-signed tokens for warehouse connections (SecretsManage)',
    );

  addPagingOptions(addVerb(oidc, 'list', 'list the OIDC token configurations')).action(
    async (options: CommonOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listOidcTokenConfigs', { query: paging }),
      );
      context.render(options, page, (value) => formatOidcTokenConfigs(value.items));
      if (!options.json) noteMorePages(context, page);
    },
  );

  addVerb(oidc, 'get', 'show one configuration')
    .argument('<configId>', 'configuration id', parseId)
    .action(async (configId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const config = await client.call('getOidcTokenConfig', { params: { configId } });
      context.render(options, config, formatOidcTokenConfig);
    });

  addConfigOptions(addVerb(oidc, 'create', 'create a configuration')).action(
    async (options: WriteOptions) => {
      const client = await context.client(options);
      const body = (await configBodyOf(options)) as { name: string; audience: string; targetEnvVar: string };
      context.render(options, await client.call('createOidcTokenConfig', { body }), formatOidcTokenConfig);
    },
  );

  addConfigOptions(addVerb(oidc, 'update', 'change a configuration (fields left out stay)'))
    .argument('<configId>', 'configuration id', parseId)
    .action(async (configId: number, options: WriteOptions) => {
      const client = await context.client(options);
      const body = await configBodyOf(options);
      const updated = await client.call('updateOidcTokenConfig', { params: { configId }, body });
      context.render(options, updated, formatOidcTokenConfig);
    });

  addVerb(oidc, 'delete', 'delete a configuration: connections stop getting its tokens')
    .argument('<configId>', 'configuration id', parseId)
    .action(async (configId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteOidcTokenConfig', { params: { configId } });
      context.render(options, result, () => `deleted OIDC token configuration ${configId}`);
    });

  addVerb(oidc, 'token', "mint a token as a deployment's connection gets it, to test a trust policy")
    .argument('<configId>', 'configuration id', parseId)
    .requiredOption('--deployment <id>', 'a deployment the configuration covers', parseId)
    .action(async (configId: number, options: CommonOptions & { deployment: number }) => {
      const client = await context.client(options);
      const body = { deploymentId: options.deployment };
      const minted = await client.call('createOidcToken', { params: { configId }, body });
      context.render(options, minted, (value) => `${value.token}\n(expires ${value.expiresAt})`);
    });

  addVerb(oidc, 'rotate-key', "replace the platform's signing key now (old tokens stay valid)").action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      const rotated = await client.call('rotateOidcSigningKey', {});
      context.render(
        options,
        rotated,
        (value) => `signing with key ${value.kid}${value.retiredKid ? ` (retired ${value.retiredKid})` : ''}`,
      );
    },
  );

  addVerb(oidc, 'discovery', "print the issuer's OpenID Connect discovery document").action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      const document = await client.call('getOpenIdConfiguration', {});
      context.render(options, document, (value) => JSON.stringify(value, null, 2));
    },
  );

  addVerb(oidc, 'jwks', 'print the public keys that verify the tokens').action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      const keys = await client.call('getOidcJwks', {});
      context.render(options, keys, (value) => JSON.stringify(value, null, 2));
    },
  );
}
