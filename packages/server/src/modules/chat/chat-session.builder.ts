import type { ChatSessionSettings, ChatStreamInput } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { ChatAgent } from '../agents/chat-agent.js';
import type { ChatDataIdentity } from '../data-api/data-api-caller.js';
import type { ChatCaller } from './chat-authentication.service.js';
import type { ChatSession, ChatUser } from './chat-session.js';
import type { ChatTenantSettings } from './chat-tenant-settings.js';
import type { ChatUsersService } from './chat-users.service.js';

/** What the session needs from the identity module. */
export interface ChatIdentityLookup {
  /** The account's configured user-attribute names. */
  namesOf(accountId: number): Promise<ReadonlySet<string>>;
  /** The id of the account's active user with this e-mail, or null. */
  activeUserIdByEmail(accountId: number, email: string): Promise<number | null>;
}

function badRequest(message: string): AppError {
  return new AppError('BAD_REQUEST', `invalid request: ${message}`);
}

/** True for names the runtime's time-zone database knows (`UTC`, `Europe/Berlin`, ...). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** SPEC.md rule 1: exactly one of `externalId` and `internalId`. */
export function userIdentityOf(
  settings: ChatSessionSettings | undefined,
): { externalId: string } | { internalId: string } {
  if (!settings) {
    throw badRequest('body sessionSettings: required with Api-Key authentication (it names the user)');
  }
  if (settings.externalId !== undefined && settings.internalId !== undefined) {
    throw badRequest('body sessionSettings: send either externalId or internalId, not both');
  }
  if (settings.externalId !== undefined) return { externalId: settings.externalId };
  if (settings.internalId !== undefined) return { internalId: settings.internalId };
  throw badRequest('body sessionSettings: externalId or internalId is required');
}

/**
 * Turns an authenticated request into the `ChatSession` the stream service runs: the user (provisioned),
 * what data queries see of them, the branch and the time zone. With a platform token the token is the
 * whole truth about the user and `sessionSettings` is ignored (SPEC.md "Chat stream").
 */
export class ChatSessionBuilder {
  constructor(
    private readonly users: ChatUsersService,
    private readonly identity: ChatIdentityLookup,
  ) {}

  /** `tenant` is the account's settings: the defaults of time zone and locale, the thread policies. */
  async build(
    agent: ChatAgent,
    caller: ChatCaller,
    body: ChatStreamInput,
    tenant: Pick<ChatTenantSettings, 'defaultTimezone' | 'defaultLocale' | 'chatThreadPolicies'>,
  ): Promise<ChatSession> {
    if (caller.method === 'embedToken') {
      // The embed session fixed everything, the branch included: the body cannot move its user to a
      // branch whose access policies differ.
      const { embed } = caller;
      return {
        agent,
        user: embed.user,
        data: embed.data,
        branchName: embed.branchName,
        timezone: embed.timezone,
        locale: embed.locale,
        threadPolicies: tenant.chatThreadPolicies,
      };
    }
    const settings = caller.method === 'apiKey' ? body.sessionSettings : undefined;
    const timezone = settings?.timezone ?? tenant.defaultTimezone;
    if (!isTimeZone(timezone)) {
      throw badRequest(`body sessionSettings.timezone: "${timezone}" is not an IANA time zone`);
    }
    const branchName = branchNameOf(body);
    const { user, data } =
      caller.method === 'platformToken'
        ? await this.tokenUser(agent, caller.user)
        : await this.settingsUser(agent, body.sessionSettings);
    return {
      agent,
      user,
      data,
      branchName,
      timezone,
      locale: tenant.defaultLocale,
      threadPolicies: tenant.chatThreadPolicies,
    };
  }

  private async tokenUser(
    agent: ChatAgent,
    token: Extract<ChatCaller, { method: 'platformToken' }>['user'],
  ): Promise<{ user: ChatUser; data: ChatDataIdentity }> {
    const user = await this.users.provisionExternal(agent.accountId, {
      externalId: token.externalId,
      email: token.email,
    });
    return {
      user,
      data: {
        kind: 'external',
        groups: token.groups,
        securityContext: token.securityContext,
        userAttributes: {},
      },
    };
  }

  private async settingsUser(
    agent: ChatAgent,
    settings: ChatSessionSettings | undefined,
  ): Promise<{ user: ChatUser; data: ChatDataIdentity }> {
    const identity = userIdentityOf(settings);
    if (!settings) throw badRequest('body sessionSettings: required with Api-Key authentication');
    if ('internalId' in identity) {
      // SPEC.md rule 2: an account user's own rights apply; nothing the caller sends may widen them.
      const refused = (['userAttributes', 'groups', 'securityContext'] as const).filter(
        (name) => settings[name] !== undefined,
      );
      if (refused.length > 0) {
        throw badRequest(
          `body sessionSettings: ${refused.join(', ')} must not be sent with internalId (the user's own permissions apply)`,
        );
      }
      const userId = await this.identity.activeUserIdByEmail(agent.accountId, identity.internalId);
      if (userId === null) {
        throw badRequest(
          `body sessionSettings.internalId: no active user of the account has the e-mail ${identity.internalId}`,
        );
      }
      const user = await this.users.provisionInternal(agent.accountId, identity.internalId);
      return { user, data: { kind: 'internal', userId } };
    }
    const userAttributes = await this.userAttributesOf(agent.accountId, settings);
    const user = await this.users.provisionExternal(agent.accountId, {
      externalId: identity.externalId,
      email: settings.email ?? null,
      ...(settings.isEphemeral === undefined ? {} : { isEphemeral: settings.isEphemeral }),
      ...(settings.ephemeralTtlSeconds === undefined
        ? {}
        : { ephemeralTtlSeconds: settings.ephemeralTtlSeconds }),
    });
    return {
      user,
      data: {
        kind: 'external',
        groups: settings.groups ?? [],
        securityContext: settings.securityContext ?? {},
        userAttributes,
      },
    };
  }

  private async userAttributesOf(
    accountId: number,
    settings: ChatSessionSettings,
  ): Promise<Record<string, string>> {
    const attributes = settings.userAttributes ?? [];
    if (attributes.length === 0) return {};
    const known = await this.identity.namesOf(accountId);
    const unknown = [...new Set(attributes.map((attribute) => attribute.name))].filter(
      (name) => !known.has(name),
    );
    if (unknown.length > 0) {
      throw badRequest(
        `body sessionSettings.userAttributes: ${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is not a user attribute' : 'are not user attributes'} of the account`,
      );
    }
    return Object.fromEntries(attributes.map((attribute) => [attribute.name, attribute.value]));
  }
}

/**
 * `isDefaultBranch` defaults to true without `activeBranchName` and to false with it; true is the
 * deployment's deploy branch (null), false is the named branch.
 */
export function branchNameOf(
  body: Pick<ChatStreamInput, 'activeBranchName' | 'isDefaultBranch'>,
): string | null {
  const isDefaultBranch = body.isDefaultBranch ?? body.activeBranchName === undefined;
  if (isDefaultBranch) return null;
  if (body.activeBranchName === undefined) {
    throw badRequest('body activeBranchName: required when isDefaultBranch is false');
  }
  return body.activeBranchName;
}
