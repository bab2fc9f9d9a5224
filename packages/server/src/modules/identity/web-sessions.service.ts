import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import { type ChangeFeed, everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import type { CredentialService } from './credential.service.js';
import type { FailedSignIns } from './failed-sign-ins.js';
import { webSessionsTable } from './identity.tables.js';
import type { Principal } from './principal.js';

/** How long an account's web sessions last: its tenant setting `sessionTtlSeconds`. */
export type SessionLifetimeOf = (accountId: number) => Promise<number>;

const sessionsTopicKind = 'web-sessions';
const maximumCachedSessions = 10_000;

interface CachedSession {
  id: number;
  apiKeyId: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** When the store must be asked again (ms since epoch). */
  recheckAt: number;
}

const webSessionTokenPattern = /^ws-[A-Za-z0-9_-]{43}$/;

export interface OpenedWebSession {
  /** The cookie's value; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/** Session tokens carry 256 random bits: a fast hash is enough (as for API keys). */
function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The web pages' sign-in: a session made from an API key acts as that key (same user, role, deployments)
 * until it expires, is signed out, or the key goes (the store deletes a key's sessions with it).
 */
export class WebSessionsService {
  constructor(
    private readonly database: Database,
    private readonly credentials: CredentialService,
    private readonly failedSignIns: FailedSignIns,
    private readonly lifetimeSecondsOf: SessionLifetimeOf,
    private readonly changeFeed: ChangeFeed,
    private readonly cacheMilliseconds: number,
  ) {}

  /**
   * Live sessions by token hash, so a page's requests cost what an API key's do (the key itself is
   * cached by CredentialService): a sign-out publishes `web-sessions:<apiKeyId>` and drops them in every
   * process; `recheckAt` bounds a lost notification. A deleted key or user fails in the credential check.
   */
  private readonly sessions = new Map<string, CachedSession>();

  /** Checks the key (401), counting failures per client address (429 past the limit). */
  async signIn(apiKey: string, client: { address: string }): Promise<OpenedWebSession> {
    this.failedSignIns.assertAllowed(client.address);
    let principal: Principal;
    try {
      principal = await this.credentials.authenticateToken(apiKey.trim());
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED')
        this.failedSignIns.record(client.address);
      throw error;
    }
    return this.open(principal);
  }

  /** A session acting as a sign-in grant's key (an SSO sign-in): no API key crosses the wire. */
  async openForKey(apiKeyId: number): Promise<OpenedWebSession> {
    return this.open(await this.credentials.authenticateApiKeyId(apiKeyId));
  }

  private async open(principal: Principal): Promise<OpenedWebSession> {
    const lifetimeSeconds = await this.lifetimeSecondsOf(principal.accountId);
    const now = Date.now();
    // A session never outlives the key it acts as.
    const keyExpiresAt = principal.credential.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const expiresAt = new Date(Math.min(now + lifetimeSeconds * 1000, keyExpiresAt));
    const token = `ws-${randomBytes(32).toString('base64url')}`;
    await this.database
      .delete(webSessionsTable)
      .where(
        and(
          eq(webSessionsTable.apiKeyId, principal.credential.id),
          lte(webSessionsTable.expiresAt, new Date(now)),
        ),
      );
    await this.database.insert(webSessionsTable).values({
      accountId: principal.accountId,
      apiKeyId: principal.credential.id,
      tokenHash: hashSessionToken(token),
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** The principal of the key a session cookie was made from (401 once it has ended). */
  async authenticate(token: string): Promise<Principal> {
    if (!webSessionTokenPattern.test(token))
      throw new AppError('UNAUTHORIZED', 'the session cookie is not valid: sign in again');
    const tokenHash = hashSessionToken(token);
    const now = Date.now();
    let session = this.sessions.get(tokenHash);
    if (!session || session.recheckAt <= now) {
      this.sessions.delete(tokenHash);
      const [row] = await this.database
        .select({
          id: webSessionsTable.id,
          apiKeyId: webSessionsTable.apiKeyId,
          expiresAt: webSessionsTable.expiresAt,
        })
        .from(webSessionsTable)
        .where(eq(webSessionsTable.tokenHash, tokenHash))
        .limit(1);
      if (!row) throw new AppError('UNAUTHORIZED', 'the session has ended: sign in again');
      session = {
        id: row.id,
        apiKeyId: row.apiKeyId,
        expiresAt: row.expiresAt.getTime(),
        recheckAt: now + this.cacheMilliseconds,
      };
      if (this.sessions.size >= maximumCachedSessions) this.sessions.clear();
      this.sessions.set(tokenHash, session);
    }
    if (session.expiresAt <= now) throw new AppError('UNAUTHORIZED', 'the session has ended: sign in again');
    const principal = await this.credentials.authenticateApiKeyId(session.apiKeyId);
    return { ...principal, credential: { ...principal.credential, webSessionId: session.id } };
  }

  /** Listener for the change feed: `web-sessions:<apiKeyId>` (signed out) or `*`. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.sessions.clear();
      return;
    }
    const [kind, id] = topic.split(':');
    if (kind !== sessionsTopicKind) return;
    const apiKeyId = Number(id);
    for (const [tokenHash, session] of this.sessions) {
      if (session.apiKeyId === apiKeyId) this.sessions.delete(tokenHash);
    }
  }

  /** Whether a session token (or none) is a live session: the pages' sign-in redirect asks. */
  async isSignedIn(token: string | null): Promise<boolean> {
    if (token === null) return false;
    try {
      await this.authenticate(token);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') return false;
      throw error;
    }
  }

  /** Ends the caller's session, or with an API key every session made from that key. */
  async signOut(principal: Principal): Promise<void> {
    const { webSessionId, id: apiKeyId } = principal.credential;
    await this.database
      .delete(webSessionsTable)
      .where(
        webSessionId === undefined
          ? eq(webSessionsTable.apiKeyId, apiKeyId)
          : eq(webSessionsTable.id, webSessionId),
      );
    await this.changeFeed.publish(`${sessionsTopicKind}:${apiKeyId}`);
  }
}
