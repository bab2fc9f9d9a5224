import type * as contract from '@platform/contract';
import { encryptedPlaceholder, oauthCallbackPath } from '@platform/contract';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import {
  type OAuthIntegrationRow,
  oauthAuthorizationRequestsTable,
  oauthIntegrationsTable,
  userOAuthTokensTable,
} from './integrations.tables.js';
import type { OAuthClientSettings } from './oauth-client.js';

type ListQuery = z.output<typeof contract.ListOAuthIntegrationsQuery>;
type CreateInput = z.output<typeof contract.CreateOAuthIntegrationInput>;
type UpdateInput = z.output<typeof contract.UpdateOAuthIntegrationInput>;

/** The platform's public URL, read per call: a process that binds port 0 learns its own after start. */
export type PublicUrlSource = () => string;

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', `an OAuth integration named ${name} already exists`, { name });
}

/**
 * The account's OAuth integrations: the platform as an OAuth 2.0 client of another service. Managing
 * them is an admin's (`SecretsManage`: they hold a client secret); every user reads them to connect.
 */
export class OAuthIntegrationsService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly secretBox: SecretBox,
    private readonly publicUrl: PublicUrlSource,
  ) {}

  /** Registered at the provider as the client's redirect URI. */
  redirectUri(): string {
    return `${this.publicUrl().replace(/\/+$/, '')}${oauthCallbackPath}`;
  }

  async list(principal: Principal, query: ListQuery) {
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(oauthIntegrationsTable.accountId, principal.accountId)];
    if (afterId !== null) conditions.push(gt(oauthIntegrationsTable.id, afterId));
    const rows = await this.database
      .select()
      .from(oauthIntegrationsTable)
      .where(and(...conditions))
      .orderBy(asc(oauthIntegrationsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map((row) => this.toIntegration(row)), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, integrationId: number): Promise<contract.OAuthIntegration> {
    return this.toIntegration(await this.find(principal.accountId, integrationId));
  }

  async create(principal: Principal, input: CreateInput): Promise<contract.OAuthIntegration> {
    this.authorizeManage(principal);
    try {
      const [row] = await this.database
        .insert(oauthIntegrationsTable)
        .values({
          accountId: principal.accountId,
          name: input.name,
          type: input.type,
          clientId: input.clientId,
          clientSecretEncrypted: this.secretBox.encrypt(input.clientSecret),
          authorizationUrl: input.authorizationUrl,
          tokenUrl: input.tokenUrl,
          revocationUrl: input.revocationUrl ?? null,
          scopes: input.scopes,
        })
        .returning();
      return this.toIntegration(row as OAuthIntegrationRow);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name);
      throw error;
    }
  }

  async update(
    principal: Principal,
    integrationId: number,
    input: UpdateInput,
  ): Promise<contract.OAuthIntegration> {
    this.authorizeManage(principal);
    const current = await this.find(principal.accountId, integrationId);
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
      ...(input.clientSecret !== undefined
        ? { clientSecretEncrypted: this.secretBox.encrypt(input.clientSecret) }
        : {}),
      ...(input.authorizationUrl !== undefined ? { authorizationUrl: input.authorizationUrl } : {}),
      ...(input.tokenUrl !== undefined ? { tokenUrl: input.tokenUrl } : {}),
      ...(input.revocationUrl !== undefined ? { revocationUrl: input.revocationUrl } : {}),
      ...(input.scopes !== undefined ? { scopes: input.scopes } : {}),
    };
    // Tokens and pending connections belong to the client and provider that issued them: another
    // client or provider cannot refresh or finish them, so the users connect again.
    const isAnotherClient =
      (input.clientId !== undefined && input.clientId !== current.clientId) ||
      (input.authorizationUrl !== undefined && input.authorizationUrl !== current.authorizationUrl) ||
      (input.tokenUrl !== undefined && input.tokenUrl !== current.tokenUrl);
    try {
      const row = await this.database.transaction(async (transaction) => {
        const [updated] = await transaction
          .update(oauthIntegrationsTable)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(oauthIntegrationsTable.id, integrationId))
          .returning();
        if (isAnotherClient) {
          await transaction
            .update(userOAuthTokensTable)
            .set({
              status: 'revoked',
              accessTokenEncrypted: null,
              refreshTokenEncrypted: null,
              updatedAt: new Date(),
            })
            .where(eq(userOAuthTokensTable.integrationId, integrationId));
          await transaction
            .delete(oauthAuthorizationRequestsTable)
            .where(eq(oauthAuthorizationRequestsTable.integrationId, integrationId));
        }
        return updated as OAuthIntegrationRow;
      });
      return this.toIntegration(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name ?? '');
      throw error;
    }
  }

  /** Its users' tokens and pending connections go with it (foreign keys). */
  async delete(principal: Principal, integrationId: number): Promise<{ success: true }> {
    this.authorizeManage(principal);
    await this.find(principal.accountId, integrationId);
    await this.database
      .delete(oauthIntegrationsTable)
      .where(
        and(
          eq(oauthIntegrationsTable.id, integrationId),
          eq(oauthIntegrationsTable.accountId, principal.accountId),
        ),
      );
    return { success: true };
  }

  /** The integration with its secret decrypted, for the protocol; another account's is a 404. */
  async clientSettingsOf(accountId: number, integrationId: number): Promise<OAuthClientSettings> {
    return this.settingsOf(await this.find(accountId, integrationId));
  }

  /** The same, for the callback, which knows the integration only from its stored state. */
  async clientSettingsById(integrationId: number): Promise<OAuthClientSettings | null> {
    const [row] = await this.database
      .select()
      .from(oauthIntegrationsTable)
      .where(eq(oauthIntegrationsTable.id, integrationId));
    return row ? this.settingsOf(row) : null;
  }

  private settingsOf(row: OAuthIntegrationRow): OAuthClientSettings {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      clientId: row.clientId,
      clientSecret: this.secretBox.decrypt(row.clientSecretEncrypted),
      authorizationUrl: row.authorizationUrl,
      tokenUrl: row.tokenUrl,
      revocationUrl: row.revocationUrl,
      scopes: row.scopes,
    };
  }

  private authorizeManage(principal: Principal): void {
    this.authorization.authorize(principal, 'SecretsManage', {
      type: 'account',
      accountId: principal.accountId,
    });
  }

  private async find(accountId: number, integrationId: number): Promise<OAuthIntegrationRow> {
    const [row] = await this.database
      .select()
      .from(oauthIntegrationsTable)
      .where(
        and(eq(oauthIntegrationsTable.id, integrationId), eq(oauthIntegrationsTable.accountId, accountId)),
      );
    if (!row) throw notFound(`OAuth integration ${integrationId}`);
    return row;
  }

  private toIntegration(row: OAuthIntegrationRow): contract.OAuthIntegration {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      clientId: row.clientId,
      clientSecret: encryptedPlaceholder,
      authorizationUrl: row.authorizationUrl,
      tokenUrl: row.tokenUrl,
      revocationUrl: row.revocationUrl,
      scopes: row.scopes,
      redirectUri: this.redirectUri(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
