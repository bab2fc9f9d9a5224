import type * as contract from '@platform/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import { embedGroupsTable } from './embed.tables.js';
import type { EmbedTenantRow, EmbedTenantsService } from './embed-tenants.service.js';
import type { EmbedChatUsers } from './embed-users.reader.js';

type PagingQuery = z.output<typeof contract.ListEmbedPagingQuery>;
type CreateEmbedGroupInput = z.output<typeof contract.CreateEmbedGroupInput>;
type UpdateEmbedGroupInput = z.output<typeof contract.UpdateEmbedGroupInput>;
export type EmbedGroup = z.input<typeof contract.EmbedGroup>;

/**
 * How many of the tenant's users a group holds, as a column of a select on `embed_groups` (written out
 * qualified: drizzle leaves columns of a one-table select unqualified, which the subquery would confuse).
 */
const userCount = sql<number>`(select count(*) from embed_group_members m inner join embed_users u on u.chat_user_id = m.chat_user_id where m.group_id = embed_groups.id and u.tenant_id = embed_groups.tenant_id)::int`;

const groupColumns = {
  id: embedGroupsTable.id,
  name: embedGroupsTable.name,
  description: embedGroupsTable.description,
  createdAt: embedGroupsTable.createdAt,
  userCount,
};

interface GroupWithCount {
  id: number;
  name: string;
  description: string | null;
  createdAt: Date;
  userCount: number;
}

function toEmbedGroup(row: GroupWithCount): EmbedGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

function nameTaken(tenant: EmbedTenantRow, name: string): AppError {
  return new AppError('CONFLICT', `the embed tenant ${tenant.name} already has a group named ${name}`, {
    name,
  });
}

/** Groups of an embed tenant: sessions put users in them by name, and embed-access rules may name one. */
export class EmbedGroupsService {
  constructor(
    private readonly database: Database,
    private readonly tenants: EmbedTenantsService,
    private readonly chatUsers: EmbedChatUsers,
  ) {}

  async list(principal: Principal, tenantName: string, query: PagingQuery) {
    this.tenants.authorize(principal);
    const tenant = await this.tenants.find(this.database, principal.accountId, tenantName);
    await this.chatUsers.removeExpired(principal.accountId);
    const { afterId, size, offset } = pageWindowOf(query);
    const rows = await this.database
      .select(groupColumns)
      .from(embedGroupsTable)
      .where(
        and(
          eq(embedGroupsTable.tenantId, tenant.id),
          ...(afterId === null ? [] : [gt(embedGroupsTable.id, afterId)]),
        ),
      )
      .orderBy(asc(embedGroupsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toEmbedGroup), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, tenantName: string, groupId: number): Promise<EmbedGroup> {
    this.tenants.authorize(principal);
    const tenant = await this.tenants.find(this.database, principal.accountId, tenantName);
    await this.chatUsers.removeExpired(principal.accountId);
    return toEmbedGroup(await this.find(this.database, tenant, groupId));
  }

  async create(principal: Principal, tenantName: string, input: CreateEmbedGroupInput): Promise<EmbedGroup> {
    this.tenants.authorize(principal);
    const tenant = await this.tenants.find(this.database, principal.accountId, tenantName);
    try {
      const [row] = await this.database
        .insert(embedGroupsTable)
        .values({ tenantId: tenant.id, name: input.name, description: input.description ?? null })
        .returning();
      if (!row) throw new Error('inserting an embed group returned no row');
      return toEmbedGroup({ ...row, userCount: 0 });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(tenant, input.name);
      throw error;
    }
  }

  async update(
    principal: Principal,
    tenantName: string,
    groupId: number,
    input: UpdateEmbedGroupInput,
  ): Promise<EmbedGroup> {
    this.tenants.authorize(principal);
    const tenant = await this.tenants.find(this.database, principal.accountId, tenantName);
    await this.find(this.database, tenant, groupId);
    if (input.name !== undefined || input.description !== undefined) {
      try {
        await this.database
          .update(embedGroupsTable)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
          })
          .where(and(eq(embedGroupsTable.id, groupId), eq(embedGroupsTable.tenantId, tenant.id)));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(tenant, input.name ?? '');
        throw error;
      }
    }
    return toEmbedGroup(await this.find(this.database, tenant, groupId));
  }

  /** The group, its memberships and the embed-access rules naming it (ON DELETE CASCADE). */
  async delete(principal: Principal, tenantName: string, groupId: number): Promise<{ success: true }> {
    this.tenants.authorize(principal);
    await this.database.transaction(async (transaction) => {
      const tenant = await this.tenants.find(transaction, principal.accountId, tenantName);
      const [deleted] = await transaction
        .delete(embedGroupsTable)
        .where(and(eq(embedGroupsTable.id, groupId), eq(embedGroupsTable.tenantId, tenant.id)))
        .returning({ id: embedGroupsTable.id });
      if (!deleted) throw notFound(`group ${groupId} of embed tenant ${tenant.name}`);
    });
    return { success: true };
  }

  /** The tenant's group with its member count; 404 for an unknown id or another tenant's group. */
  async find(database: Database, tenant: EmbedTenantRow, groupId: number): Promise<GroupWithCount> {
    const [row] = await database
      .select(groupColumns)
      .from(embedGroupsTable)
      .where(and(eq(embedGroupsTable.id, groupId), eq(embedGroupsTable.tenantId, tenant.id)));
    if (!row) throw notFound(`group ${groupId} of embed tenant ${tenant.name}`);
    return row;
  }
}
