import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { defaultAccountName } from './account-bootstrap.service.js';
import type { AccountsService } from './accounts.service.js';
import { issueApiKey } from './api-keys.service.js';
import { apiKeysTable, usersTable } from './identity.tables.js';
import { ssoSignInRequestsTable } from './sign-in.tables.js';
import { hashSignInToken } from './sign-in-tokens.js';
import type { SsoClient, SsoProvider, SsoSettings } from './sso-provider.js';
import type { OpenedWebSession, WebSessionsService } from './web-sessions.service.js';

/** The tenant settings' `sso`, with the secret decrypted (TenantSettingsService.ssoSettingsOf). */
export type SsoSettingsOf = (accountId: number) => Promise<SsoSettings>;

const signInRequestSeconds = 10 * 60;

const thisSite = 'http://this-site.invalid';

/**
 * Only a path of this site: `/x`, but not `//host` or `/\host`, which browsers read as another site. The
 * path is resolved as a browser would (the URL parser drops tabs and newlines) and kept only if it stays here.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next?.startsWith('/')) return '/';
  try {
    const resolved = new URL(next, thisSite);
    return resolved.origin === thisSite ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

function randomValue(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Sign-in to the web pages with the account's OpenID Connect provider. The authorization request's PKCE
 * verifier, state and nonce are kept server-side, used once, for 10 minutes. The person is matched by
 * verified e-mail (any case) among the account's users, or created with the default role when the
 * settings allow it; the session acts as the user's SSO grant (an api_keys row of kind `sso`, with the
 * user's role), so it is the same cookie as an API-key sign-in.
 */
export class SsoSignInService {
  constructor(
    private readonly database: Database,
    private readonly accounts: AccountsService,
    private readonly settingsOf: SsoSettingsOf,
    private readonly provider: SsoProvider,
    private readonly webSessions: WebSessionsService,
  ) {}

  /** For the sign-in page, which has no credential: an unknown account answers SSO off. */
  async options(accountName: string | undefined): Promise<{ enabled: boolean; startUrl: string | null }> {
    const account = await this.accounts.accountByName(accountName ?? defaultAccountName);
    const client = account ? clientOf(await this.settingsOf(account.id)) : null;
    if (!client) return { enabled: false, startUrl: null };
    const query = accountName ? `?account=${encodeURIComponent(accountName)}` : '';
    return { enabled: true, startUrl: `/auth/sso/start${query}` };
  }

  /** The provider's authorization URL the browser is sent to. */
  async start(accountName: string | undefined, next: string | undefined): Promise<string> {
    const name = accountName ?? defaultAccountName;
    const account = await this.accounts.accountByName(name);
    const client = account ? clientOf(await this.settingsOf(account.id)) : null;
    if (!account || !client) throw new AppError('NOT_FOUND', `SSO is not enabled for account "${name}"`);
    const request = { codeVerifier: randomValue(), state: randomValue(), nonce: randomValue() };
    const authorizationUrl = await this.provider.authorizationUrl(client, request);
    const now = Date.now();
    await this.database
      .delete(ssoSignInRequestsTable)
      .where(lte(ssoSignInRequestsTable.expiresAt, new Date(now)));
    await this.database.insert(ssoSignInRequestsTable).values({
      accountId: account.id,
      stateHash: hashSignInToken(request.state),
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      nextPath: safeNextPath(next),
      expiresAt: new Date(now + signInRequestSeconds * 1000),
    });
    return authorizationUrl;
  }

  /** The provider's redirect back: a session for the matched (or created) user, and where to go. */
  async finish(
    callbackParameters: URLSearchParams,
  ): Promise<{ session: OpenedWebSession; nextPath: string }> {
    const state = callbackParameters.get('state');
    if (!state)
      throw new AppError('UNAUTHORIZED', 'the SSO answer carries no state: start the sign-in again');
    // Taken in one delete, so a state is used once even by two callbacks at the same time.
    const [request] = await this.database
      .delete(ssoSignInRequestsTable)
      .where(
        and(
          eq(ssoSignInRequestsTable.stateHash, hashSignInToken(state)),
          gt(ssoSignInRequestsTable.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!request)
      throw new AppError(
        'UNAUTHORIZED',
        'this SSO sign-in is unknown, was already used or took longer than 10 minutes: start again',
      );
    const client = clientOf(await this.settingsOf(request.accountId));
    if (!client) throw new AppError('UNAUTHORIZED', 'SSO was turned off for this account during the sign-in');
    const identity = await this.provider.complete(
      client,
      { codeVerifier: request.codeVerifier, state, nonce: request.nonce },
      callbackParameters,
    );
    const userId = await this.userOf(request.accountId, identity);
    const session = await this.webSessions.openForKey(await this.ssoKeyOf(request.accountId, userId));
    return { session, nextPath: request.nextPath };
  }

  private async userOf(accountId: number, identity: { email: string; name: string | null }): Promise<number> {
    const [user] = await this.database
      .select({ id: usersTable.id, status: usersTable.status })
      .from(usersTable)
      .where(
        and(eq(usersTable.accountId, accountId), sql`lower(${usersTable.email}) = lower(${identity.email})`),
      );
    if (user) {
      if (user.status !== 'active')
        throw new AppError('UNAUTHORIZED', `the user ${identity.email} is deactivated`);
      return user.id;
    }
    const settings = await this.settingsOf(accountId);
    if (!settings.allowUserCreation)
      throw new AppError(
        'UNAUTHORIZED',
        `${identity.email} is not a user of this account: ask an administrator to add you (or to allow SSO to create users)`,
      );
    const [created] = await this.database
      .insert(usersTable)
      .values({ accountId, email: identity.email, name: identity.name, role: settings.defaultRole })
      // Two first sign-ins at once: the unique (account, lower(email)) index keeps one; the other reads it.
      .onConflictDoNothing()
      .returning({ id: usersTable.id });
    return created?.id ?? this.userOf(accountId, identity);
  }

  /** One SSO grant per user, made on the first SSO sign-in; its role follows the user's. */
  private async ssoKeyOf(accountId: number, userId: number): Promise<number> {
    const [existing] = await this.database
      .select({ id: apiKeysTable.id })
      .from(apiKeysTable)
      .where(and(eq(apiKeysTable.userId, userId), eq(apiKeysTable.kind, 'sso')))
      .limit(1);
    if (existing) return existing.id;
    const key = await issueApiKey(this.database, { accountId, userId, name: 'SSO sign-in', kind: 'sso' });
    return key.id;
  }
}

function clientOf(settings: SsoSettings): SsoClient | null {
  if (!settings.enabled || !settings.issuerUrl || !settings.clientId) return null;
  return { issuerUrl: settings.issuerUrl, clientId: settings.clientId, clientSecret: settings.clientSecret };
}
