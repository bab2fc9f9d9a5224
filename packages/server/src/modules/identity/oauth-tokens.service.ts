import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { OAuthProtocolError } from '../../errors/oauth-protocol-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { apiKeyTopic } from './credential.service.js';
import { apiKeysTable } from './identity.tables.js';
import { oauthTokensTable } from './sign-in.tables.js';
import { generateSignInToken, hashSignInToken, refreshTokenPattern } from './sign-in-tokens.js';

export const accessTokenSeconds = 60 * 60;
/** A refresh token unused this long ends the grant: the CLI then signs in again. */
export const refreshTokenSeconds = 30 * 24 * 60 * 60;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

/**
 * The OAuth tokens of a device grant (an api_keys row of kind `device`): an access token the management
 * API takes as `Bearer`, and a refresh token that is used once and rotated.
 */
export class OAuthTokensService {
  constructor(
    private readonly database: Database,
    private readonly changeFeed: ChangeFeed,
  ) {}

  async issue(apiKeyId: number): Promise<IssuedTokens> {
    const now = Date.now();
    const accessToken = generateSignInToken('oat');
    const refreshToken = generateSignInToken('ort');
    await this.database.insert(oauthTokensTable).values([
      {
        apiKeyId,
        kind: 'access',
        tokenHash: hashSignInToken(accessToken),
        expiresAt: new Date(now + accessTokenSeconds * 1000),
      },
      {
        apiKeyId,
        kind: 'refresh',
        tokenHash: hashSignInToken(refreshToken),
        expiresAt: new Date(now + refreshTokenSeconds * 1000),
      },
    ]);
    // Expired tokens of the grant go as new ones come.
    await this.database
      .delete(oauthTokensTable)
      .where(and(eq(oauthTokensTable.apiKeyId, apiKeyId), lte(oauthTokensTable.expiresAt, new Date(now))));
    return { accessToken, refreshToken, expiresInSeconds: accessTokenSeconds };
  }

  /**
   * A new pair for a refresh token, which is then spent. A spent one presented again means two parties
   * hold it (RFC 9700 §4.14.2): the whole grant is revoked.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    if (!refreshTokenPattern.test(refreshToken))
      throw new OAuthProtocolError('invalid_grant', 'the refresh token is not valid');
    const now = new Date();
    const isRefreshToken = and(
      eq(oauthTokensTable.tokenHash, hashSignInToken(refreshToken)),
      eq(oauthTokensTable.kind, 'refresh'),
    );
    // Spent in one conditional update, so two concurrent refreshes cannot both succeed.
    const [fresh] = await this.database
      .update(oauthTokensTable)
      .set({ usedAt: now })
      .where(and(isRefreshToken, isNull(oauthTokensTable.usedAt), gt(oauthTokensTable.expiresAt, now)))
      .returning({ apiKeyId: oauthTokensTable.apiKeyId });
    if (fresh) return this.issue(fresh.apiKeyId);
    const [known] = await this.database
      .select({ apiKeyId: oauthTokensTable.apiKeyId, usedAt: oauthTokensTable.usedAt })
      .from(oauthTokensTable)
      .where(isRefreshToken);
    if (known?.usedAt) {
      await this.revokeGrant(known.apiKeyId);
      throw new OAuthProtocolError(
        'invalid_grant',
        'the refresh token was already used: the sign-in is revoked, sign in again',
      );
    }
    throw new OAuthProtocolError('invalid_grant', 'the refresh token is unknown, expired or revoked');
  }

  /** Ends a grant: its key goes, with its tokens; every process forgets what it cached of it. */
  private async revokeGrant(apiKeyId: number): Promise<void> {
    await this.database
      .delete(apiKeysTable)
      .where(and(eq(apiKeysTable.id, apiKeyId), eq(apiKeysTable.kind, 'device')));
    await this.changeFeed.publish(apiKeyTopic(apiKeyId));
  }
}
