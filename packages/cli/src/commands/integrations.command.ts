import {
  type CreateOAuthIntegrationInput,
  oauthIntegrationTypes,
  type UpdateOAuthIntegrationInput,
} from '@platform/contract';
import { type Command, Option } from 'commander';
import { collect, parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addPagingOptions, fetchPages, noteMorePages, type PagingOptions } from '../program/paginate.js';
import { secretOf } from './dbt-repository.command.js';
import {
  formatIntegration,
  formatIntegrations,
  formatUserToken,
  formatUserTokens,
} from './integration-views.js';
import { jsonOption } from './reports.command.js';

/** Where the client secret may come from instead of an option, which the process list would show. */
export const integrationClientSecretVariable = 'PLATFORM_INTEGRATION_CLIENT_SECRET';

interface WriteOptions extends CommonOptions {
  data?: string;
  name?: string;
  type?: string;
  clientId?: string;
  clientSecret?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  revocationUrl?: string;
  scope?: string[];
}

/** The body of a create or update: `--data` for every field, the named options on top of it. */
async function integrationBodyOf(options: WriteOptions, context: CommandContext) {
  const data = options.data === undefined ? {} : await jsonOption(options.data, '--data');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError('--data must be a JSON object of integration fields');
  }
  const named: Record<string, unknown> = {
    name: options.name,
    type: options.type,
    clientId: options.clientId,
    clientSecret: secretOf(
      options.clientSecret,
      context.runtime.environment,
      integrationClientSecretVariable,
    ),
    authorizationUrl: options.authorizationUrl,
    tokenUrl: options.tokenUrl,
    revocationUrl: options.revocationUrl,
    scopes: options.scope,
  };
  const body: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(named)) if (value !== undefined) body[key] = value;
  return body;
}

function addIntegrationOptions(command: Command): Command {
  return command
    .option('--name <name>', 'unique in the account')
    .addOption(new Option('--type <type>', 'the kind of provider').choices([...oauthIntegrationTypes]))
    .option('--client-id <id>', 'the client id the provider issued')
    .option(
      '--client-secret <secret>',
      `the client secret (better: set ${integrationClientSecretVariable}); stored encrypted`,
    )
    .option('--authorization-url <url>', "the provider's authorization endpoint")
    .option('--token-url <url>', "the provider's token endpoint")
    .option('--revocation-url <url>', "the provider's RFC 7009 revocation endpoint")
    .option('--scope <scope>', 'a scope to ask for (repeat it)', collect)
    .option('-d, --data <json>', 'the integration fields as a JSON object (or @file)');
}

/** `platform integrations …`: the account's OAuth integrations and the caller's connections to them. */
export function registerIntegrationsCommands(program: Command, context: CommandContext): void {
  const integrations = program
    .command('integrations')
    .description('OAuth integrations: the platform as an OAuth client of other services');

  addPagingOptions(addVerb(integrations, 'list', 'list the OAuth integrations of the account')).action(
    async (options: CommonOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listOAuthIntegrations', { query: paging }),
      );
      context.render(options, page, (value) => formatIntegrations(value.items));
      if (!options.json) noteMorePages(context, page);
    },
  );

  addVerb(integrations, 'get', 'show one integration (its client secret reads as [ENCRYPTED])')
    .argument('<integrationId>', 'integration id', parseId)
    .action(async (integrationId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const integration = await client.call('getOAuthIntegration', { params: { integrationId } });
      context.render(options, integration, formatIntegration);
    });

  addIntegrationOptions(
    addVerb(integrations, 'create', 'create an integration (needs SecretsManage)'),
  ).action(async (options: WriteOptions) => {
    const client = await context.client(options);
    const body = (await integrationBodyOf(options, context)) as CreateOAuthIntegrationInput;
    context.render(options, await client.call('createOAuthIntegration', { body }), formatIntegration);
  });

  addIntegrationOptions(
    addVerb(integrations, 'update', 'change an integration; without a client secret it keeps its own'),
  )
    .argument('<integrationId>', 'integration id', parseId)
    .action(async (integrationId: number, options: WriteOptions) => {
      const body = (await integrationBodyOf(options, context)) as UpdateOAuthIntegrationInput;
      if (Object.keys(body).length === 0) throw new UsageError('give --data or at least one field option');
      const client = await context.client(options);
      const updated = await client.call('updateOAuthIntegration', { params: { integrationId }, body });
      context.render(options, updated, formatIntegration);
    });

  addVerb(
    integrations,
    'delete',
    "delete an integration and every user's connection to it (needs SecretsManage)",
  )
    .argument('<integrationId>', 'integration id', parseId)
    .action(async (integrationId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteOAuthIntegration', { params: { integrationId } });
      context.render(options, result, () => `deleted OAuth integration ${integrationId}`);
    });

  registerTokensCommands(integrations, context);
}

function registerTokensCommands(integrations: Command, context: CommandContext): void {
  const tokens = integrations
    .command('tokens')
    .description('your connections to the integrations (the tokens themselves are never shown)');

  addPagingOptions(addVerb(tokens, 'list', 'list your connections')).action(
    async (options: CommonOptions & PagingOptions) => {
      const client = await context.client(options);
      const page = await fetchPages(options, (paging) =>
        client.call('listUserOAuthTokens', { query: paging }),
      );
      context.render(options, page, (value) => formatUserTokens(value.items));
      if (!options.json) noteMorePages(context, page);
    },
  );

  addVerb(tokens, 'get', 'show your connection to one integration')
    .argument('<integrationId>', 'integration id', parseId)
    .action(async (integrationId: number, options: CommonOptions) => {
      const client = await context.client(options);
      context.render(
        options,
        await client.call('getUserOAuthToken', { params: { integrationId } }),
        formatUserToken,
      );
    });

  addVerb(tokens, 'revoke', 'disconnect: revoke the token at the provider and delete it')
    .argument('<integrationId>', 'integration id', parseId)
    .action(async (integrationId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteUserOAuthToken', { params: { integrationId } });
      context.render(options, result, () => `disconnected from OAuth integration ${integrationId}`);
    });

  addVerb(tokens, 'initiate', 'start connecting: prints the URL to open in your browser')
    .argument('<integrationId>', 'integration id', parseId)
    .action(async (integrationId: number, options: CommonOptions) => {
      const client = await context.client(options);
      const initiated = await client.call('initiateUserOAuthToken', { params: { integrationId } });
      context.render(
        options,
        initiated,
        (value) =>
          `open this URL in your browser before ${value.expiresAt} to connect:\n${value.authorizationUrl}`,
      );
    });

  addVerb(
    tokens,
    'complete',
    'finish connecting by hand, when the browser could not reach the platform: paste the address it was sent to',
  )
    .argument('<redirectUrl>', 'the whole callback address, with its ?code=…&state=…')
    .action(async (redirectUrl: string, options: CommonOptions) => {
      const query = callbackQueryOf(redirectUrl);
      const client = await context.client(options, { isKeyRequired: false });
      await client.call('completeOAuthCallback', { query });
      context.render(options, { connected: true }, () => 'connected');
    });
}

/** The provider's answer parameters (RFC 6749 4.1.2) from the address it redirected the browser to. */
function callbackQueryOf(redirectUrl: string) {
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    throw new UsageError(
      'the redirect address must be a whole URL (http://…/api/v1/oauth/callback?code=…&state=…)',
    );
  }
  const state = url.searchParams.get('state');
  if (!state) throw new UsageError('the redirect address has no state parameter');
  const query: Record<string, string> = { state };
  for (const name of ['code', 'error', 'error_description', 'error_uri']) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  return query as { state: string; code?: string; error?: string; error_description?: string };
}
