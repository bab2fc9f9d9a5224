import type { Role } from '@platform/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { apiKeyPattern, hashApiKeyToken } from './api-key-token.js';
import { accountsTable, apiKeysTable, usersTable } from './identity.tables.js';
import type { Principal } from './principal.js';
import { oauthTokensTable } from './sign-in.tables.js';
import { accessTokenPattern, hashSignInToken } from './sign-in-tokens.js';

interface CachedCredential {
  principal: Principal;
  /** When this cache entry must be checked against the store again (ms since epoch). */
  recheckAt: number;
  /** When the key itself expires (ms since epoch), or null. */
  keyExpiresAt: number | null;
}

const maximumCachedCredentials = 10_000;
const userTopicKind = 'user';
const apiKeyTopicKind = 'api-key';

/** The change-feed topic that revokes cached credentials of a user (deactivated, deleted, role changed). */
export function userTopic(userId: number): string {
  return `${userTopicKind}:${userId}`;
}

export function apiKeyTopic(apiKeyId: number): string {
  return `${apiKeyTopicKind}:${apiKeyId}`;
}

/**
 * Turns the Authorization header into a Principal. Verified credentials are cached so that a request
 * neither hashes nor queries. Deactivating a user or deleting a key publishes on the change feed, which
 * evicts the entries at once in every process; the cache lifetime only bounds a lost notification.
 */
export class CredentialService {
  private readonly cache = new Map<string, CachedCredential>();

  constructor(
    private readonly database: Database,
    private readonly cacheMilliseconds: number,
  ) {}

  async authenticate(authorization: string | undefined): Promise<Principal> {
    return this.authenticateToken(parseAuthorizationHeader(authorization));
  }

  /** An API key itself (as the web sign-in receives it in its body), or an OAuth access token. */
  async authenticateToken(token: string): Promise<Principal> {
    if (accessTokenPattern.test(token))
      return this.cached(token, (now) => this.lookUpAccessToken(token, now));
    if (!apiKeyPattern.test(token))
      throw new AppError('UNAUTHORIZED', 'the credential is not a valid API key');
    return this.cached(token, (now) => this.lookUp(eq(apiKeysTable.tokenHash, hashApiKeyToken(token)), now));
  }

  /** The principal of a key known by its id (a web session's key): the same checks and cache as a token. */
  async authenticateApiKeyId(apiKeyId: number): Promise<Principal> {
    // Cached under a name no token can have (tokens start with `sk-`).
    return this.cached(`#${apiKeyId}`, (now) => this.lookUp(eq(apiKeysTable.id, apiKeyId), now));
  }

  private async cached(
    cacheKey: string,
    lookUp: (now: number) => Promise<CachedCredential>,
  ): Promise<Principal> {
    const now = Date.now();
    const cached = this.cache.get(cacheKey);
    if (cached && cached.recheckAt > now) {
      if (cached.keyExpiresAt !== null && cached.keyExpiresAt <= now) {
        throw new AppError('UNAUTHORIZED', 'the API key has expired');
      }
      return cached.principal;
    }
    const entry = await lookUp(now);
    this.remember(cacheKey, entry);
    return entry.principal;
  }

  /** Listener for the change feed: `user:<id>`, `api-key:<id>`, or `*` for everything. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.cache.clear();
      return;
    }
    const [kind, id] = topic.split(':');
    if (kind === userTopicKind) this.forgetUser(Number(id));
    if (kind === apiKeyTopicKind) this.forgetApiKey(Number(id));
  }

  private forgetUser(userId: number): void {
    for (const [token, entry] of this.cache) {
      if (entry.principal.userId === userId) this.cache.delete(token);
    }
  }

  private forgetApiKey(apiKeyId: number): void {
    for (const [token, entry] of this.cache) {
      if (entry.principal.credential.id === apiKeyId) this.cache.delete(token);
    }
  }

  private remember(token: string, entry: CachedCredential): void {
    if (this.cache.size >= maximumCachedCredentials) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(token, entry);
  }

  /** An access token acts as its grant's key (a device sign-in) until the token's own expiry. */
  private async lookUpAccessToken(token: string, now: number): Promise<CachedCredential> {
    const [row] = await this.database
      .select({ apiKeyId: oauthTokensTable.apiKeyId, expiresAt: oauthTokensTable.expiresAt })
      .from(oauthTokensTable)
      .where(and(eq(oauthTokensTable.tokenHash, hashSignInToken(token)), eq(oauthTokensTable.kind, 'access')))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= now)
      throw new AppError('UNAUTHORIZED', 'the access token is unknown or has expired: sign in again');
    const entry = await this.lookUp(eq(apiKeysTable.id, row.apiKeyId), now);
    const tokenExpiresAt = row.expiresAt.getTime();
    return {
      ...entry,
      keyExpiresAt:
        entry.keyExpiresAt === null ? tokenExpiresAt : Math.min(entry.keyExpiresAt, tokenExpiresAt),
    };
  }

  private async lookUp(keyCondition: SQL, now: number): Promise<CachedCredential> {
    const rows = await this.database
      .select({
        keyId: apiKeysTable.id,
        keyRole: apiKeysTable.role,
        deploymentIds: apiKeysTable.deploymentIds,
        canDownloadData: apiKeysTable.canDownloadData,
        expiresAt: apiKeysTable.expiresAt,
        userId: usersTable.id,
        email: usersTable.email,
        userRole: usersTable.role,
        status: usersTable.status,
        accountId: accountsTable.id,
        accountName: accountsTable.name,
      })
      .from(apiKeysTable)
      .innerJoin(usersTable, eq(usersTable.id, apiKeysTable.userId))
      .innerJoin(accountsTable, eq(accountsTable.id, apiKeysTable.accountId))
      .where(keyCondition)
      .limit(1);
    const row = rows[0];
    if (!row) throw new AppError('UNAUTHORIZED', 'the API key is unknown or has been deleted');
    if (row.status !== 'active')
      throw new AppError('UNAUTHORIZED', 'the user of this API key is deactivated');
    const keyExpiresAt = row.expiresAt ? row.expiresAt.getTime() : null;
    if (keyExpiresAt !== null && keyExpiresAt <= now)
      throw new AppError('UNAUTHORIZED', 'the API key has expired');
    await this.database
      .update(apiKeysTable)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeysTable.id, row.keyId));
    const role: Role = row.keyRole ?? row.userRole;
    return {
      principal: {
        accountId: row.accountId,
        accountName: row.accountName,
        userId: row.userId,
        email: row.email,
        role,
        grantedActions: new Set(),
        withheldActions: new Set(row.canDownloadData ? [] : ['DownloadData']),
        credential: {
          type: 'api-key',
          id: row.keyId,
          deploymentIds: row.deploymentIds,
          expiresAt: row.expiresAt,
        },
      },
      recheckAt: now + this.cacheMilliseconds,
      keyExpiresAt,
    };
  }
}

/** Accepts `Bearer <token>`, `Api-Key <token>` (any case) and a bare token with no scheme. */
export function parseAuthorizationHeader(authorization: string | undefined): string {
  const value = authorization?.trim();
  if (!value) {
    throw new AppError(
      'UNAUTHORIZED',
      'missing credential: send the header "Authorization: Bearer <api key>"',
    );
  }
  const parts = value.split(/\s+/);
  if (parts.length === 1) return parts[0] as string;
  const [scheme, token] = parts;
  if (parts.length !== 2 || !scheme || !token || !/^(bearer|api-key)$/i.test(scheme)) {
    throw new AppError(
      'UNAUTHORIZED',
      'malformed Authorization header: use "Bearer <key>" or "Api-Key <key>"',
    );
  }
  return token;
}
