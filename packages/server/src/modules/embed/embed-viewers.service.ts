import { and, eq } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { embedTenantsTable } from './embed.tables.js';
import type { EmbedTokenAuthenticator } from './embed-authentication.js';
import type { EmbedTokenClaims, EmbedTokenSigner } from './embed-token.signer.js';

/** Whether the account lets embed tokens in at all (tenant setting `embedding.enabled`). */
export type EmbeddingEnabledOf = (accountId: number) => Promise<boolean>;

/**
 * Embed tokens as requests carry them: the signature and expiry (401), the account's `embedding.enabled`
 * (403 "embedding is disabled"), and the token's tenant, which must still exist (a deleted tenant's
 * tokens stop working: 401).
 */
export class EmbedViewersService implements EmbedTokenAuthenticator {
  constructor(
    private readonly database: Database,
    private readonly signer: Pick<EmbedTokenSigner, 'verify'>,
    private readonly isEmbeddingEnabled: EmbeddingEnabledOf,
  ) {}

  async authenticate(token: string): Promise<EmbedTokenClaims> {
    const claims = await this.signer.verify(token);
    if (!(await this.isEmbeddingEnabled(claims.accountId))) {
      throw new AppError('FORBIDDEN', 'embedding is disabled');
    }
    if (
      claims.embedTenantName !== null &&
      !(await this.hasTenant(claims.accountId, claims.embedTenantName))
    ) {
      throw new AppError(
        'UNAUTHORIZED',
        `the embed tenant "${claims.embedTenantName}" of this token was deleted; generate a new embed session`,
      );
    }
    return claims;
  }

  private async hasTenant(accountId: number, name: string): Promise<boolean> {
    const rows = await this.database
      .select({ id: embedTenantsTable.id })
      .from(embedTenantsTable)
      .where(and(eq(embedTenantsTable.accountId, accountId), eq(embedTenantsTable.name, name)))
      .limit(1);
    return rows.length > 0;
  }
}
