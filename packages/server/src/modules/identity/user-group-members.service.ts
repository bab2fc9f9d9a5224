import type * as contract from '@platform/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from './authorization.service.js';
import { userGroupMembersTable, usersTable } from './identity.tables.js';
import type { Principal } from './principal.js';
import { toUser } from './user.mapper.js';
import type { UserGroupsService } from './user-groups.service.js';

type ListMembersQuery = z.output<typeof contract.ListUserGroupMembersQuery>;

/**
 * Who is in a group. A change names users of the account only: an id of no user of the account (unknown,
 * or another account's) is a 404 naming every such id, and nothing changes, so a typo never half-applies.
 */
export class UserGroupMembersService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly groups: UserGroupsService,
  ) {}

  async list(principal: Principal, groupId: number, query: ListMembersQuery) {
    await this.groups.find(this.database, principal.accountId, groupId);
    const { afterId, size, offset } = pageWindowOf(query);
    const rows = await this.database
      .select({ user: usersTable })
      .from(userGroupMembersTable)
      .innerJoin(usersTable, eq(usersTable.id, userGroupMembersTable.userId))
      .where(
        and(
          eq(userGroupMembersTable.groupId, groupId),
          eq(usersTable.accountId, principal.accountId),
          ...(afterId === null ? [] : [gt(usersTable.id, afterId)]),
        ),
      )
      .orderBy(asc(usersTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(
      rows.map((row) => row.user),
      size,
    );
    return { items: page.rows.map(toUser), pageInfo: page.pageInfo };
  }

  /** Every member of each group (id and e-mail, by id), in one query: SCIM answers groups with their members. */
  async membersOf(
    principal: Principal,
    groupIds: readonly number[],
  ): Promise<Map<number, Array<{ id: number; email: string }>>> {
    const members = new Map<number, Array<{ id: number; email: string }>>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return members;
    const rows = await this.database
      .select({ groupId: userGroupMembersTable.groupId, id: usersTable.id, email: usersTable.email })
      .from(userGroupMembersTable)
      .innerJoin(usersTable, eq(usersTable.id, userGroupMembersTable.userId))
      .where(
        and(
          inArray(userGroupMembersTable.groupId, [...groupIds]),
          eq(usersTable.accountId, principal.accountId),
        ),
      )
      .orderBy(asc(usersTable.id));
    for (const row of rows) members.get(row.groupId)?.push({ id: row.id, email: row.email });
    return members;
  }

  /** The group's members become exactly these users, in one transaction (a SCIM PUT of a group). */
  async replace(
    principal: Principal,
    groupId: number,
    userIds: readonly number[],
  ): Promise<contract.UserGroup> {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    const ids = [...new Set(userIds)];
    await this.database.transaction(async (transaction) => {
      await this.groups.find(transaction, principal.accountId, groupId);
      if (ids.length > 0) await this.requireAccountUsers(transaction, principal.accountId, ids);
      await transaction.delete(userGroupMembersTable).where(eq(userGroupMembersTable.groupId, groupId));
      if (ids.length > 0)
        await transaction.insert(userGroupMembersTable).values(ids.map((userId) => ({ groupId, userId })));
    });
    await this.groups.changed(principal.accountId);
    return this.groups.get(principal, groupId);
  }

  async add(principal: Principal, groupId: number, userIds: readonly number[]): Promise<contract.UserGroup> {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    const ids = [...new Set(userIds)];
    await this.database.transaction(async (transaction) => {
      await this.groups.find(transaction, principal.accountId, groupId);
      await this.requireAccountUsers(transaction, principal.accountId, ids);
      await transaction
        .insert(userGroupMembersTable)
        .values(ids.map((userId) => ({ groupId, userId })))
        .onConflictDoNothing();
    });
    await this.groups.changed(principal.accountId);
    return this.groups.get(principal, groupId);
  }

  async remove(
    principal: Principal,
    groupId: number,
    userIds: readonly number[],
  ): Promise<contract.UserGroup> {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    const ids = [...new Set(userIds)];
    await this.database.transaction(async (transaction) => {
      await this.groups.find(transaction, principal.accountId, groupId);
      await this.requireAccountUsers(transaction, principal.accountId, ids);
      await transaction
        .delete(userGroupMembersTable)
        .where(and(eq(userGroupMembersTable.groupId, groupId), inArray(userGroupMembersTable.userId, ids)));
    });
    await this.groups.changed(principal.accountId);
    return this.groups.get(principal, groupId);
  }

  private async requireAccountUsers(database: Database, accountId: number, userIds: readonly number[]) {
    const rows = await database
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(and(eq(usersTable.accountId, accountId), inArray(usersTable.id, [...userIds])));
    const found = new Set(rows.map((row) => row.id));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', `user ${missing.join(', ')} not found`, { userIds: missing });
    }
  }
}
