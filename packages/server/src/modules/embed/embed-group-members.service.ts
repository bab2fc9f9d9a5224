import type * as contract from '@platform/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import { embedGroupMembersTable, embedUsersTable } from './embed.tables.js';
import type { EmbedGroup, EmbedGroupsService } from './embed-groups.service.js';
import type { EmbedTenantRow, EmbedTenantsService } from './embed-tenants.service.js';
import type { EmbedChatUsers, EmbedUsersReader } from './embed-users.reader.js';

type PagingQuery = z.output<typeof contract.ListEmbedPagingQuery>;

/**
 * Who is in a group of an embed tenant. A change names users of that tenant only: an external id of no
 * user of the tenant (unknown, expired, or another tenant's) is a 404 naming every such id, and nothing
 * changes, so a typo never half-applies.
 */
export class EmbedGroupMembersService {
  constructor(
    private readonly database: Database,
    private readonly tenants: EmbedTenantsService,
    private readonly groups: EmbedGroupsService,
    private readonly chatUsers: EmbedChatUsers,
    private readonly users: EmbedUsersReader,
  ) {}

  async list(principal: Principal, tenantName: string, groupId: number, query: PagingQuery) {
    this.tenants.authorize(principal);
    const tenant = await this.tenants.find(this.database, principal.accountId, tenantName);
    await this.groups.find(this.database, tenant, groupId);
    await this.chatUsers.removeExpired(principal.accountId);
    const { afterId, size, offset } = pageWindowOf(query);
    const rows = await this.database
      .select({ id: embedUsersTable.chatUserId, displayName: embedUsersTable.displayName })
      .from(embedGroupMembersTable)
      .innerJoin(embedUsersTable, eq(embedUsersTable.chatUserId, embedGroupMembersTable.chatUserId))
      .where(
        and(
          eq(embedGroupMembersTable.groupId, groupId),
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

  async add(
    principal: Principal,
    tenantName: string,
    groupId: number,
    externalIds: readonly string[],
  ): Promise<EmbedGroup> {
    return this.change(principal, tenantName, groupId, externalIds, async (transaction, chatUserIds) => {
      await transaction
        .insert(embedGroupMembersTable)
        .values(chatUserIds.map((chatUserId) => ({ groupId, chatUserId })))
        .onConflictDoNothing();
    });
  }

  async remove(
    principal: Principal,
    tenantName: string,
    groupId: number,
    externalIds: readonly string[],
  ): Promise<EmbedGroup> {
    return this.change(principal, tenantName, groupId, externalIds, async (transaction, chatUserIds) => {
      await transaction
        .delete(embedGroupMembersTable)
        .where(
          and(
            eq(embedGroupMembersTable.groupId, groupId),
            inArray(embedGroupMembersTable.chatUserId, chatUserIds),
          ),
        );
    });
  }

  /** Checks every id names a user of the tenant, then applies the change, in one transaction. */
  private async change(
    principal: Principal,
    tenantName: string,
    groupId: number,
    externalIds: readonly string[],
    apply: (transaction: Database, chatUserIds: number[]) => Promise<void>,
  ): Promise<EmbedGroup> {
    this.tenants.authorize(principal);
    const ids = [...new Set(externalIds)];
    const tenant = await this.database.transaction(async (transaction) => {
      const found = await this.tenants.find(transaction, principal.accountId, tenantName);
      await this.groups.find(transaction, found, groupId);
      await apply(transaction, await this.tenantUserIds(transaction, principal.accountId, found, ids));
      return found;
    });
    return this.groups.get(principal, tenant.name, groupId);
  }

  /** The chat user ids of these external ids, all of them users of the tenant; else a 404 naming the others. */
  private async tenantUserIds(
    transaction: Database,
    accountId: number,
    tenant: EmbedTenantRow,
    externalIds: readonly string[],
  ): Promise<number[]> {
    const byExternalId = await this.chatUsers.externalUserIdsOf(accountId, externalIds, transaction);
    const inTenant = await this.usersOfTenant(transaction, tenant.id, [...byExternalId.values()]);
    const chatUserIds: number[] = [];
    const missing: string[] = [];
    for (const externalId of externalIds) {
      const chatUserId = byExternalId.get(externalId);
      if (chatUserId !== undefined && inTenant.has(chatUserId)) chatUserIds.push(chatUserId);
      else missing.push(externalId);
    }
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', `no user ${missing.join(', ')} in embed tenant ${tenant.name}`, {
        externalIds: missing,
      });
    }
    return chatUserIds;
  }

  /** Which of these chat users are users of the tenant. */
  private async usersOfTenant(
    transaction: Database,
    tenantId: number,
    chatUserIds: readonly number[],
  ): Promise<Set<number>> {
    if (chatUserIds.length === 0) return new Set();
    const rows = await transaction
      .select({ chatUserId: embedUsersTable.chatUserId })
      .from(embedUsersTable)
      .where(
        and(eq(embedUsersTable.tenantId, tenantId), inArray(embedUsersTable.chatUserId, [...chatUserIds])),
      );
    return new Set(rows.map((row) => row.chatUserId));
  }
}
