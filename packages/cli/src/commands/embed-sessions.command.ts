import type { GenerateEmbedSessionInput } from '@platform/contract';
import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { readJsonBody } from '../program/json-body.js';
import { embedCommandOf } from './embed-access.command.js';

interface SessionOptions extends CommonOptions {
  deployment: number;
  data?: string;
  externalId?: string;
  internalId?: string;
  email?: string;
  tenant?: string;
  group?: string[];
  chat?: boolean;
  keep?: boolean;
}

function collectValues(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** The `-d` document (every field of the request) with the named options on top. */
async function sessionBodyOf(options: SessionOptions): Promise<GenerateEmbedSessionInput> {
  const document = options.data === undefined ? {} : await readJsonBody(options.data);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new UsageError('-d must be a JSON object of session fields');
  }
  const named: Record<string, unknown> = {
    deploymentId: options.deployment,
    externalId: options.externalId,
    internalId: options.internalId,
    email: options.email,
    embedTenantName: options.tenant,
    tenantGroups: options.group,
    isEphemeral: options.keep === undefined ? undefined : !options.keep,
  };
  const body: Record<string, unknown> = { ...document };
  for (const [key, value] of Object.entries(named)) if (value !== undefined) body[key] = value;
  if (options.chat !== undefined) {
    body.settings = {
      ...(body.settings as Record<string, unknown> | undefined),
      showDashboardChat: options.chat,
    };
  }
  if (body.externalId === undefined && body.internalId === undefined) {
    throw new UsageError(
      'give --external-id (a user of your application) or --internal-id (an account user)',
    );
  }
  return body as GenerateEmbedSessionInput;
}

/** `platform embed session|token|platform-token`: embed sessions and the tokens they become. */
export function registerEmbedSessionCommands(program: Command, context: CommandContext): void {
  const embed = embedCommandOf(program);

  addVerb(embed, 'session', 'generate an embed session for one user (exchange it within 10 minutes)')
    .requiredOption('--deployment <id>', 'the deployment whose dashboards the user opens', parseId)
    .option('-d, --data <json>', 'every field of the request as JSON (or @file); the options below win')
    .option('--external-id <id>', 'the user in your application')
    .option('--internal-id <email>', 'an account user instead (their own role applies)')
    .option('--email <email>', "the external user's e-mail")
    .option('--tenant <name>', 'the embed tenant the user is in (created on first use)')
    .option('--group <name>', "one of the tenant's groups the user is in (repeatable)", collectValues)
    .option('--chat', 'show the chat panel')
    .option('--no-chat', 'hide the chat panel')
    .option('--keep', 'keep the user (counts against externalUsersLimit) instead of ephemeral')
    .action(async (options: SessionOptions) => {
      const client = await context.client(options);
      const body = await sessionBodyOf(options);
      const session = await client.call('generateEmbedSession', { body });
      context.render(options, session, (value) => value.sessionId);
    });

  addVerb(embed, 'token', 'exchange an embed session for its embed token (once, no API key needed)')
    .argument('<sessionId>', 'the 32 hex characters generate-session returned')
    .action(async (sessionId: string, options: CommonOptions) => {
      const client = await context.client(options, { isKeyRequired: false });
      const token = await client.call('exchangeEmbedSessionToken', { body: { sessionId } });
      context.render(options, token, (value) => value.token);
    });

  addVerb(embed, 'platform-token', "exchange your application's own JWT for an embed token")
    .argument('<platformToken>', 'the JWT your application signed for the user')
    .option('--deployment <id>', 'the deployment (or --dashboard)', parseId)
    .option('--dashboard <publicId>', 'a dashboard of the deployment, by its public id')
    .action(
      async (platformToken: string, options: CommonOptions & { deployment?: number; dashboard?: string }) => {
        if ((options.deployment === undefined) === (options.dashboard === undefined)) {
          throw new UsageError('give --deployment or --dashboard, one of them');
        }
        const client = await context.client(options, { isKeyRequired: false });
        const body = {
          platformToken,
          ...(options.deployment === undefined ? {} : { deploymentId: options.deployment }),
          ...(options.dashboard === undefined ? {} : { dashboardPublicId: options.dashboard }),
        };
        const token = await client.call('exchangeEmbedPlatformToken', { body });
        context.render(options, token, (value) => value.token);
      },
    );
}
