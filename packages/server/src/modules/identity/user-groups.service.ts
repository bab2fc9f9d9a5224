import type * as contract from '@platform/contract';
import { and, asc, count, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from './authorization.service.js';
import { type GroupMembershipsCache, userGroupsTopic } from './group-memberships.cache.js';
import { type UserGroupRow, userGroupMembersTable, userGroupsTable } from './identity.tables.js';
import type { Principal } from './principal.js';

type ListUserGroupsQuery = z.output<typeof contract.ListUserGroupsQuery>;
type CreateUserGroupInput = z.output<typeof contract.CreateUserGroupInput>;
type UpdateUserGroupInput = z.output<typeof contract.UpdateUserGroupInput>;

/**
 * Called inside the transaction that deletes a group (or a user), before it commits: what other modules
 * keep for it (the workspace's resource policies) goes in the same transaction, or not at all.
 */
export type SubjectDeletionListener = (
  transaction: Database,
  accountId: number,
  subjectId: number,
) => Promise<void>;

/** How many users a group holds, as a column of a select on `user_groups`. */
const userCount = sql<number>`(select count(*) from ${userGroupMembersTable} where ${userGroupMembersTable.groupId} = ${userGroupsTable.id})::int`;

const groupColumns = {
  id: userGroupsTable.id,
  accountId: userGroupsTable.accountId,
  name: userGroupsTable.name,
  description: userGroupsTable.description,
  createdAt: userGroupsTable.createdAt,
  updatedAt: userGroupsTable.updatedAt,
  userCount,
};

type GroupWithCount = UserGroupRow & { userCount: number };

function toUserGroup(row: GroupWithCount): contract.UserGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', `a user group named ${name} already exists`, { name });
}

/**
 * Groups of users of an account. Resource policies grant rights to them (the workspace module), and
 * access policies of a model see a member as in the group of its name (the data API).
 */
export class UserGroupsService {
  private readonly deletionListeners: SubjectDeletionListener[] = [];

  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly changeFeed: ChangeFeed,
    private readonly memberships: GroupMembershipsCache,
  ) {}

  /** Registered at construction by the modules that keep rows for groups (they depend on this one). */
  onDeleted(listener: SubjectDeletionListener): void {
    this.deletionListeners.push(listener);
  }

  async list(principal: Principal, query: ListUserGroupsQuery) {
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(userGroupsTable.accountId, principal.accountId)];
    if (afterId !== null) conditions.push(gt(userGroupsTable.id, afterId));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(ilike(userGroupsTable.name, pattern));
    }
    const rows = await this.database
      .select(groupColumns)
      .from(userGroupsTable)
      .where(and(...conditions))
      .orderBy(asc(userGroupsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toUserGroup), pageInfo: page.pageInfo };
  }

  /**
   * Groups of the account by position, with how many match (SCIM lists page by index): `name` is an
   * exact name, `groupIds` narrows them to those ids.
   */
  async listWindow(
    principal: Principal,
    window: { offset: number; limit: number; name?: string; groupIds?: readonly number[] },
  ): Promise<{ total: number; items: contract.UserGroup[] }> {
    const conditions: SQL[] = [eq(userGroupsTable.accountId, principal.accountId)];
    if (window.name !== undefined) conditions.push(eq(userGroupsTable.name, window.name));
    if (window.groupIds !== undefined) {
      if (window.groupIds.length === 0) return { total: 0, items: [] };
      conditions.push(inArray(userGroupsTable.id, [...window.groupIds]));
    }
    const [totals] = await this.database
      .select({ total: count() })
      .from(userGroupsTable)
      .where(and(...conditions));
    const rows =
      window.limit === 0
        ? []
        : await this.database
            .select(groupColumns)
            .from(userGroupsTable)
            .where(and(...conditions))
            .orderBy(asc(userGroupsTable.id))
            .offset(window.offset)
            .limit(window.limit);
    return { total: totals?.total ?? 0, items: rows.map(toUserGroup) };
  }

  async get(principal: Principal, groupId: number): Promise<contract.UserGroup> {
    return toUserGroup(await this.find(this.database, principal.accountId, groupId));
  }

  async create(principal: Principal, input: CreateUserGroupInput): Promise<contract.UserGroup> {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    try {
      const [row] = await this.database
        .insert(userGroupsTable)
        .values({ accountId: principal.accountId, name: input.name, description: input.description ?? null })
        .returning();
      return toUserGroup({ ...(row as UserGroupRow), userCount: 0 });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name);
      throw error;
    }
  }

  async update(
    principal: Principal,
    groupId: number,
    input: UpdateUserGroupInput,
  ): Promise<contract.UserGroup> {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    await this.find(this.database, principal.accountId, groupId);
    try {
      await this.database
        .update(userGroupsTable)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(userGroupsTable.id, groupId), eq(userGroupsTable.accountId, principal.accountId)));
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name ?? '');
      throw error;
    }
    // A new name is what access policies match from now on.
    if (input.name !== undefined) await this.changed(principal.accountId);
    return this.get(principal, groupId);
  }

  /** The group, its memberships (ON DELETE CASCADE) and what listeners keep for it go in one transaction. */
  async delete(principal: Principal, groupId: number): Promise<{ success: true }> {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    await this.database.transaction(async (transaction) => {
      const [deleted] = await transaction
        .delete(userGroupsTable)
        .where(and(eq(userGroupsTable.id, groupId), eq(userGroupsTable.accountId, principal.accountId)))
        .returning({ id: userGroupsTable.id });
      if (!deleted) throw notFound(`user group ${groupId}`);
      for (const listener of this.deletionListeners)
        await listener(transaction, principal.accountId, groupId);
    });
    await this.changed(principal.accountId);
    return { success: true };
  }

  /** The group of the account, with its member count; 404 for an unknown id or another account's. */
  async find(database: Database, accountId: number, groupId: number): Promise<GroupWithCount> {
    const [row] = await database
      .select(groupColumns)
      .from(userGroupsTable)
      .where(and(eq(userGroupsTable.id, groupId), eq(userGroupsTable.accountId, accountId)));
    if (!row) throw notFound(`user group ${groupId}`);
    return row;
  }

  /** The ids of the groups a user belongs to (resource policies grant to them). */
  async groupIdsOf(accountId: number, userId: number): Promise<number[]> {
    return [...(await this.memberships.of(accountId, userId)).ids];
  }

  /** The names of the groups a user belongs to, as access policies of a model match them. */
  async groupNamesOf(accountId: number, userId: number): Promise<string[]> {
    return [...(await this.memberships.of(accountId, userId)).names];
  }

  /** Every process drops what it cached of the account's groups; called once a change is committed. */
  changed(accountId: number): Promise<void> {
    return this.changeFeed.publish(userGroupsTopic(accountId));
  }
}
