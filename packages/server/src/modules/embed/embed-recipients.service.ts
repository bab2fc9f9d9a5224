import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { ChatUsersService } from '../chat/chat-users.service.js';
import { embedTenantsTable, embedUsersTable } from './embed.tables.js';
import type { EmbedSessionClaims } from './embed-token.signer.js';

/** Whom an embed user is when content is rendered for them, or why they cannot be rendered for. */
export type EmbedRecipient =
  | { kind: 'claims'; claims: EmbedSessionClaims }
  | { kind: 'denied'; reason: string };

/**
 * Embed users as recipients of notifications: the claims of their latest session (security context,
 * groups, attributes), which are what the embed page would show them with. Embedding switched off for
 * the account, an unknown tenant or user, or a user who never opened a session: denied, saying which.
 */
export class EmbedRecipientsService {
  constructor(
    private readonly database: Database,
    private readonly chatUsers: Pick<ChatUsersService, 'externalUserIdsOf'>,
    private readonly isEmbeddingEnabled: (accountId: number) => Promise<boolean>,
  ) {}

  async recipientOf(
    accountId: number,
    deploymentId: number,
    embedTenantName: string,
    externalId: string,
  ): Promise<EmbedRecipient> {
    const label = `embed user "${externalId}" of tenant "${embedTenantName}"`;
    if (!(await this.isEmbeddingEnabled(accountId))) {
      return { kind: 'denied', reason: `embedding is disabled for the account, so ${label} sees nothing` };
    }
    const chatUserId = (await this.chatUsers.externalUserIdsOf(accountId, [externalId])).get(externalId);
    const [row] =
      chatUserId === undefined
        ? []
        : await this.database
            .select({ lastClaims: embedUsersTable.lastClaims })
            .from(embedUsersTable)
            .innerJoin(embedTenantsTable, eq(embedTenantsTable.id, embedUsersTable.tenantId))
            .where(
              and(
                eq(embedUsersTable.chatUserId, chatUserId),
                eq(embedTenantsTable.accountId, accountId),
                eq(embedTenantsTable.name, embedTenantName),
              ),
            );
    if (!row) return { kind: 'denied', reason: `${label} does not exist (or has expired)` };
    if (!row.lastClaims) {
      return {
        kind: 'denied',
        reason: `${label} has not opened an embedded dashboard yet, so the rows they may see are unknown`,
      };
    }
    // The host's statement about the user (security context, groups) holds across its deployments; the
    // notification's deployment is the one rendered, on its deploy branch.
    const claims = row.lastClaims;
    return claims.deploymentId === deploymentId
      ? { kind: 'claims', claims }
      : { kind: 'claims', claims: { ...claims, deploymentId, branchName: null } };
  }
}
