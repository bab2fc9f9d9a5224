import type * as contract from '@platform/contract';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import {
  oauthIntegrationsTable,
  type UserOAuthTokenRow,
  userOAuthTokensTable,
} from './integrations.tables.js';
import { type OAuthClientSettings, OAuthRefusal, refreshAccessToken, revokeToken } from './oauth-client.js';
import type { OAuthIntegrationsService } from './oauth-integrations.service.js';

type ListQuery = z.output<typeof contract.ListUserOAuthTokensQuery>;

/** An access token this close to its expiry is refreshed before use, so it does not expire in flight. */
const refreshMarginMilliseconds = 60_000;

function isExpiring(row: UserOAuthTokenRow, now: number): boolean {
  return (
    row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt.getTime() - refreshMarginMilliseconds <= now
  );
}

function toToken(row: UserOAuthTokenRow): contract.UserOAuthToken {
  // An expired access token with a refresh token is still usable: it is refreshed on use.
  const isUnusable =
    row.status === 'active' && row.refreshTokenEncrypted === null && isExpiring(row, Date.now());
  return {
    id: row.id,
    integrationId: row.integrationId,
    status: isUnusable ? 'expired' : row.status,
    scopes: row.scopes,
    accessTokenExpiresAt: row.accessTokenExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function reconnect(integrationName: string, why: string): AppError {
  return new AppError('CONFLICT', `the connection to ${integrationName} ${why}: connect again`);
}

/**
 * A user's tokens at the account's integrations: listed without their values, revoked and deleted on
 * request, and handed (decrypted, refreshed when expired) to the modules that call a provider's API.
 */
export class UserOAuthTokensService {
  /** Refreshes under way, per token: concurrent uses share one, since a provider may rotate the refresh token. */
  private readonly refreshing = new Map<number, Promise<string>>();

  constructor(
    private readonly database: Database,
    private readonly integrations: OAuthIntegrationsService,
    private readonly secretBox: SecretBox,
    private readonly logger: Logger,
  ) {}

  async list(principal: Principal, query: ListQuery) {
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [
      eq(userOAuthTokensTable.userId, principal.userId),
      eq(oauthIntegrationsTable.accountId, principal.accountId),
    ];
    if (afterId !== null) conditions.push(gt(userOAuthTokensTable.id, afterId));
    const rows = await this.database
      .select({ token: userOAuthTokensTable })
      .from(userOAuthTokensTable)
      .innerJoin(oauthIntegrationsTable, eq(oauthIntegrationsTable.id, userOAuthTokensTable.integrationId))
      .where(and(...conditions))
      .orderBy(asc(userOAuthTokensTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(
      rows.map((row) => row.token),
      size,
    );
    return { items: page.rows.map(toToken), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, integrationId: number): Promise<contract.UserOAuthToken> {
    await this.integrations.clientSettingsOf(principal.accountId, integrationId);
    return toToken(await this.find(principal.userId, integrationId));
  }

  /**
   * Revokes at the provider when it has a revocation endpoint, then deletes. The platform forgets the
   * token even when the provider cannot be reached: the user asked to disconnect.
   */
  async delete(principal: Principal, integrationId: number): Promise<{ success: true }> {
    const settings = await this.integrations.clientSettingsOf(principal.accountId, integrationId);
    const row = await this.find(principal.userId, integrationId);
    const token = this.revocableTokenOf(row);
    if (settings.revocationUrl !== null && token !== null) {
      try {
        await revokeToken({ ...settings, revocationUrl: settings.revocationUrl }, token);
      } catch (error) {
        this.logger.warn(
          { integrationId, reason: error instanceof Error ? error.message : String(error) },
          'the provider did not confirm the revocation; the token is deleted anyway',
        );
      }
    }
    await this.database.delete(userOAuthTokensTable).where(eq(userOAuthTokensTable.id, row.id));
    return { success: true };
  }

  /**
   * A valid access token of this user at this integration, for a module calling the provider's API:
   * refreshed first when it has expired. A refresh the provider refuses marks the connection expired
   * (its tokens cleared) and throws; the user connects again.
   */
  async accessTokenFor(userId: number, integrationId: number): Promise<string> {
    const settings = await this.integrations.clientSettingsById(integrationId);
    if (!settings) throw notFound(`OAuth integration ${integrationId}`);
    const row = await this.find(userId, integrationId);
    if (row.status === 'revoked') throw reconnect(settings.name, 'was revoked (the integration changed)');
    if (row.status === 'expired' || row.accessTokenEncrypted === null) {
      throw reconnect(settings.name, 'has expired');
    }
    if (!isExpiring(row, Date.now())) return this.secretBox.decrypt(row.accessTokenEncrypted);
    const running = this.refreshing.get(row.id);
    if (running) return running;
    const refresh = this.refresh(settings, row).finally(() => this.refreshing.delete(row.id));
    this.refreshing.set(row.id, refresh);
    return refresh;
  }

  private async refresh(settings: OAuthClientSettings, row: UserOAuthTokenRow): Promise<string> {
    if (row.refreshTokenEncrypted === null) {
      await this.markExpired(row.id);
      throw reconnect(settings.name, 'has expired and the provider gave no refresh token');
    }
    let granted: Awaited<ReturnType<typeof refreshAccessToken>>;
    try {
      granted = await refreshAccessToken(settings, this.secretBox.decrypt(row.refreshTokenEncrypted));
    } catch (error) {
      // Only a refusal ends the connection; an unreachable provider may answer the next time.
      if (!(error instanceof OAuthRefusal)) throw error;
      await this.markExpired(row.id);
      throw reconnect(
        settings.name,
        `has expired and ${settings.name} refused to refresh it (${error.message})`,
      );
    }
    await this.database
      .update(userOAuthTokensTable)
      .set({
        accessTokenEncrypted: this.secretBox.encrypt(granted.accessToken),
        // RFC 6749 6: a new refresh token replaces the old one; none given keeps it.
        ...(granted.refreshToken === null
          ? {}
          : { refreshTokenEncrypted: this.secretBox.encrypt(granted.refreshToken) }),
        accessTokenExpiresAt: granted.expiresAt,
        ...(granted.scopes === null ? {} : { scopes: granted.scopes }),
        updatedAt: new Date(),
      })
      .where(eq(userOAuthTokensTable.id, row.id));
    return granted.accessToken;
  }

  /** An unusable connection keeps no token: nothing is left to leak. */
  private async markExpired(tokenId: number): Promise<void> {
    await this.database
      .update(userOAuthTokensTable)
      .set({
        status: 'expired',
        accessTokenEncrypted: null,
        refreshTokenEncrypted: null,
        updatedAt: new Date(),
      })
      .where(eq(userOAuthTokensTable.id, tokenId));
  }

  /** The refresh token ends the whole grant (RFC 7009 2.1); without one, the access token. */
  private revocableTokenOf(row: UserOAuthTokenRow) {
    if (row.refreshTokenEncrypted !== null) {
      return { value: this.secretBox.decrypt(row.refreshTokenEncrypted), type: 'refresh_token' as const };
    }
    if (row.accessTokenEncrypted !== null) {
      return { value: this.secretBox.decrypt(row.accessTokenEncrypted), type: 'access_token' as const };
    }
    return null;
  }

  private async find(userId: number, integrationId: number): Promise<UserOAuthTokenRow> {
    const [row] = await this.database
      .select()
      .from(userOAuthTokensTable)
      .where(
        and(eq(userOAuthTokensTable.userId, userId), eq(userOAuthTokensTable.integrationId, integrationId)),
      );
    if (!row) throw notFound(`a connection to OAuth integration ${integrationId}`);
    return row;
  }
}
