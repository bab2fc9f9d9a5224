import { randomInt } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import { OAuthProtocolError } from '../../errors/oauth-protocol-error.js';
import type { Database } from '../../platform/database/database.js';
import { issueApiKey } from './api-keys.service.js';
import type { IssuedTokens, OAuthTokensService } from './oauth-tokens.service.js';
import type { Principal } from './principal.js';
import { deviceAuthorizationsTable } from './sign-in.tables.js';
import { generateSignInToken, hashSignInToken } from './sign-in-tokens.js';

/** The one OAuth client the device grant serves: the platform CLI (`PLATFORM_OAUTH_CLIENT_ID`). */
export const platformCliClientId = 'platform-cli';
export const deviceCodeSeconds = 15 * 60;
export const devicePollSeconds = 5;

/** RFC 8628 §6.1: consonants only (no vowels spell words, no 0/O 1/I confusion), 8 of them ≈ 34 bits. */
const userCodeAlphabet = 'BCDFGHJKLMNPQRSTVWXZ';

export interface DeviceCodeGrant {
  deviceCode: string;
  userCode: string;
  expiresInSeconds: number;
  intervalSeconds: number;
}

export interface DeviceDecision {
  userCode: string;
  clientId: string;
  status: 'approved' | 'denied';
}

function generateUserCode(): string {
  const letters = Array.from({ length: 8 }, () => userCodeAlphabet[randomInt(userCodeAlphabet.length)]);
  return `${letters.slice(0, 4).join('')}-${letters.slice(4).join('')}`;
}

/** As a person types it: any case, with or without the dash or spaces. */
export function normalizeUserCode(typed: string): string {
  const letters = typed.toUpperCase().replace(/[^A-Z]/g, '');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/**
 * The OAuth device authorization grant (RFC 8628) the CLI signs in with: the CLI asks for a code, a
 * signed-in person approves it on the `/device` page, and the CLI's polling then receives tokens acting
 * with that person's rights (at most those of the credential that approved).
 */
export class DeviceAuthorizationsService {
  constructor(
    private readonly database: Database,
    private readonly tokens: OAuthTokensService,
  ) {}

  async start(input: { clientId: string; scope: string | null }): Promise<DeviceCodeGrant> {
    assertKnownClient(input.clientId);
    const now = Date.now();
    // Codes long expired go as new ones come, so the table stays small without a sweeper (an hour after
    // expiry, so a late poll is still told expired_token).
    await this.database
      .delete(deviceAuthorizationsTable)
      .where(lte(deviceAuthorizationsTable.expiresAt, new Date(now - 60 * 60 * 1000)));
    const deviceCode = generateSignInToken('dc');
    for (;;) {
      const userCode = generateUserCode();
      const [row] = await this.database
        .insert(deviceAuthorizationsTable)
        .values({
          deviceCodeHash: hashSignInToken(deviceCode),
          userCode,
          clientId: input.clientId,
          scope: input.scope,
          pollIntervalSeconds: devicePollSeconds,
          expiresAt: new Date(now + deviceCodeSeconds * 1000),
        })
        .onConflictDoNothing()
        .returning({ id: deviceAuthorizationsTable.id });
      // A user code already pending (about 1 in 10^10 per pending code) is drawn again.
      if (row)
        return {
          deviceCode,
          userCode,
          expiresInSeconds: deviceCodeSeconds,
          intervalSeconds: devicePollSeconds,
        };
    }
  }

  /**
   * The signed-in person's answer to a user code. Approval makes the grant's key now, with the rights of
   * the credential that approved (its role, deployments and expiry), so a limited key never approves more.
   */
  async decide(principal: Principal, typedUserCode: string, isApproved: boolean): Promise<DeviceDecision> {
    const userCode = normalizeUserCode(typedUserCode);
    const now = new Date();
    return this.database.transaction(async (transaction) => {
      const [pending] = await transaction
        .select()
        .from(deviceAuthorizationsTable)
        .where(
          and(
            eq(deviceAuthorizationsTable.userCode, userCode),
            eq(deviceAuthorizationsTable.status, 'pending'),
            gt(deviceAuthorizationsTable.expiresAt, now),
          ),
        )
        .for('update');
      if (!pending)
        throw new AppError(
          'NOT_FOUND',
          `no sign-in request waits for the code ${userCode}: it was already answered or has expired, start again with platform login`,
        );
      let apiKeyId: number | null = null;
      if (isApproved) {
        const key = await issueApiKey(transaction, {
          accountId: principal.accountId,
          userId: principal.userId,
          name: `${pending.clientId} sign-in`,
          kind: 'device',
          role: principal.role,
          deploymentIds: principal.credential.deploymentIds ? [...principal.credential.deploymentIds] : null,
          canDownloadData: !principal.withheldActions?.has('DownloadData'),
          expiresAt: principal.credential.expiresAt,
        });
        apiKeyId = key.id;
      }
      await transaction
        .update(deviceAuthorizationsTable)
        .set({ status: isApproved ? 'approved' : 'denied', apiKeyId })
        .where(eq(deviceAuthorizationsTable.id, pending.id));
      return { userCode, clientId: pending.clientId, status: isApproved ? 'approved' : 'denied' };
    });
  }

  /** The CLI's poll (RFC 8628 §3.4–3.5): tokens once, after approval; the errors the CLI knows otherwise. */
  async redeem(input: { deviceCode: string; clientId: string }): Promise<IssuedTokens> {
    assertKnownClient(input.clientId);
    const now = new Date();
    const [row] = await this.database
      .select()
      .from(deviceAuthorizationsTable)
      .where(eq(deviceAuthorizationsTable.deviceCodeHash, hashSignInToken(input.deviceCode)));
    if (!row || row.clientId !== input.clientId || row.status === 'redeemed')
      throw new OAuthProtocolError('invalid_grant', 'the device code is unknown or was already used');
    if (row.expiresAt.getTime() <= now.getTime())
      throw new OAuthProtocolError('expired_token', 'the device code has expired: run platform login again');
    if (row.status === 'denied')
      throw new OAuthProtocolError('access_denied', 'the sign-in request was denied');
    if (row.status === 'pending') {
      const isTooSoon =
        row.lastPolledAt !== null &&
        now.getTime() - row.lastPolledAt.getTime() < row.pollIntervalSeconds * 1000;
      // RFC 8628 §3.5: each poll that comes too soon lengthens the interval by 5 seconds.
      await this.database
        .update(deviceAuthorizationsTable)
        .set({
          lastPolledAt: now,
          ...(isTooSoon ? { pollIntervalSeconds: row.pollIntervalSeconds + devicePollSeconds } : {}),
        })
        .where(eq(deviceAuthorizationsTable.id, row.id));
      if (isTooSoon)
        throw new OAuthProtocolError(
          'slow_down',
          `poll at most every ${row.pollIntervalSeconds + 5} seconds`,
        );
      throw new OAuthProtocolError('authorization_pending', 'the sign-in request is not answered yet');
    }
    // Redeemed in one conditional update, so a device code gives tokens once even to concurrent polls.
    const [redeemed] = await this.database
      .update(deviceAuthorizationsTable)
      .set({ status: 'redeemed', lastPolledAt: now })
      .where(and(eq(deviceAuthorizationsTable.id, row.id), eq(deviceAuthorizationsTable.status, 'approved')))
      .returning({ apiKeyId: deviceAuthorizationsTable.apiKeyId });
    if (!redeemed?.apiKeyId)
      throw new OAuthProtocolError('invalid_grant', 'the device code is unknown or was already used');
    return this.tokens.issue(redeemed.apiKeyId);
  }
}

function assertKnownClient(clientId: string): void {
  if (clientId !== platformCliClientId)
    throw new OAuthProtocolError(
      'invalid_client',
      `unknown client_id "${clientId}": use ${platformCliClientId}`,
    );
}
