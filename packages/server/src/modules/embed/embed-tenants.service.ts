import type * as contract from '@platform/contract';
import { and, asc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import { embedSessionsTable, embedTenantsTable, embedUsersTable } from './embed.tables.js';
import type { EmbedChatUsers, EmbedUsersReader } from './embed-users.reader.js';

type ListEmbedTenantsQuery = z.output<typeof contract.ListEmbedTenantsQuery>;
type PagingQuery = z.output<typeof contract.ListEmbedPagingQuery>;
type EmbedTenant = z.input<typeof contract.EmbedTenant>;

export interface EmbedTenantRow {
  id: number;
  accountId: number;
  name: string;
}

/** How many users a tenant holds, as a column of a select on `embed_tenants` (qualified, as in a subquery). */
const userCount = sql<number>`(select count(*) from embed_users u where u.tenant_id = embed_tenants.id)::int`;

function likePatternOf(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The account's embed tenants (generate-session creates them on first use) and their users. Expired
 * ephemeral users are removed before a list is read, so no count or page shows them.
 */
export class EmbedTenantsService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly chatUsers: EmbedChatUsers,
    private readonly users: EmbedUsersReader,
  ) {}

  async list(principal: Principal, query: ListEmbedTenantsQuery) {
    this.authorize(principal);
    await this.chatUsers.removeExpired(principal.accountId);
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(embedTenantsTable.accountId, principal.accountId)];
    if (afterId !== null) conditions.push(gt(embedTenantsTable.id, afterId));
    if (query.search) {
      const pattern = likePatternOf(query.search);
      conditions.push(
        or(ilike(embedTenantsTable.name, pattern), ilike(embedTenantsTable.displayName, pattern)) as SQL,
      );
    }
    const rows = await this.database
      .select({
        id: embedTenantsTable.id,
        name: embedTenantsTable.name,
        displayName: embedTenantsTable.displayName,
        createdAt: embedTenantsTable.createdAt,
        userCount,
      })
      .from(embedTenantsTable)
      .where(and(...conditions))
      .orderBy(asc(embedTenantsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    const items: EmbedTenant[] = page.rows.map((row) => ({
      name: row.name,
      displayName: row.displayName,
      userCount: Number(row.userCount),
      createdAt: row.createdAt.toISOString(),
    }));
    return { items, pageInfo: page.pageInfo };
  }

  async listUsers(principal: Principal, tenantName: string, query: PagingQuery) {
    this.authorize(principal);
    const tenant = await this.find(this.database, principal.accountId, tenantName);
    await this.chatUsers.removeExpired(principal.accountId);
    const { afterId, size, offset } = pageWindowOf(query);
    const rows = await this.database
      .select({ id: embedUsersTable.chatUserId, displayName: embedUsersTable.displayName })
      .from(embedUsersTable)
      .where(
        and(
          eq(embedUsersTable.tenantId, tenant.id),
          ...(afterId === null ? [] : [gt(embedUsersTable.chatUserId, afterId)]),
        ),
      )
      .orderBy(asc(embedUsersTable.chatUserId))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return {
      items: await this.users.describe(principal.accountId, tenant.id, page.rows),
      pageInfo: page.pageInfo,
    };
  }

  /**
   * The tenant and everything of it in one transaction: its users (the chat users themselves, with their
   * threads: they leave the kept-user count), then the tenant, whose groups, memberships and embed-access
   * rules go by ON DELETE CASCADE, and the sessions generated for it and not yet exchanged.
   */
  async delete(principal: Principal, tenantName: string): Promise<undefined> {
    this.authorize(principal);
    const { accountId } = principal;
    await this.database.transaction(async (transaction) => {
      const tenant = await this.find(transaction, accountId, tenantName);
      await this.chatUsers.deleteExternalUsers(transaction, accountId, async () => {
        const users = await transaction
          .select({ chatUserId: embedUsersTable.chatUserId })
          .from(embedUsersTable)
          .where(eq(embedUsersTable.tenantId, tenant.id));
        return users.map((user) => user.chatUserId);
      });
      await transaction
        .delete(embedSessionsTable)
        .where(
          and(
            eq(embedSessionsTable.accountId, accountId),
            sql`${embedSessionsTable.claims}->>'embedTenantName' = ${tenant.name}`,
          ),
        );
      await transaction.delete(embedTenantsTable).where(eq(embedTenantsTable.id, tenant.id));
    });
    return undefined;
  }

  /** The account's tenant of this name; 404 for an unknown name or another account's tenant. */
  async find(database: Database, accountId: number, tenantName: string): Promise<EmbedTenantRow> {
    const [row] = await database
      .select({
        id: embedTenantsTable.id,
        accountId: embedTenantsTable.accountId,
        name: embedTenantsTable.name,
      })
      .from(embedTenantsTable)
      .where(and(eq(embedTenantsTable.accountId, accountId), eq(embedTenantsTable.name, tenantName)));
    if (!row) throw notFound(`embed tenant ${tenantName}`);
    return row;
  }

  authorize(principal: Principal): void {
    this.authorization.authorize(principal, 'EmbedManage', {
      type: 'account',
      accountId: principal.accountId,
    });
  }
}
