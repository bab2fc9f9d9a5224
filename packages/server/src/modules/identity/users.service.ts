import type * as contract from '@platform/contract';
import { isRoleAtMost, statusOfErrorCode } from '@platform/contract';
import { and, asc, count, eq, gt, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from './authorization.service.js';
import { userTopic } from './credential.service.js';
import { assertCredentialWithin } from './credential-rights.js';
import { accountsTable, type UserRow, usersTable } from './identity.tables.js';
import type { Principal } from './principal.js';
import { toUser } from './user.mapper.js';
import type { SubjectDeletionListener } from './user-groups.service.js';

type CreateUserInput = z.output<typeof contract.CreateUserInput>;
type UpdateUserInput = z.output<typeof contract.UpdateUserInput>;
type ListUsersQuery = z.output<typeof contract.ListUsersQuery>;
type BulkUsersInput = z.output<typeof contract.BulkUsersInput>;

export class UsersService {
  private readonly deletionListeners: SubjectDeletionListener[] = [];

  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly changeFeed: ChangeFeed,
  ) {}

  /** Registered at construction by the modules that keep rows for users (the workspace's resource policies). */
  onDeleted(listener: SubjectDeletionListener): void {
    this.deletionListeners.push(listener);
  }

  async list(principal: Principal, query: ListUsersQuery) {
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(usersTable.accountId, principal.accountId)];
    if (afterId !== null) conditions.push(gt(usersTable.id, afterId));
    if (query.status) conditions.push(eq(usersTable.status, query.status));
    if (query.role) conditions.push(eq(usersTable.role, query.role));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(or(ilike(usersTable.email, pattern), ilike(usersTable.name, pattern)) as SQL);
    }
    const rows = await this.database
      .select()
      .from(usersTable)
      .where(and(...conditions))
      .orderBy(asc(usersTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toUser), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, userId: number) {
    return toUser(await this.find(principal, userId));
  }

  /**
   * Users of the account by position, with how many match: lists that page by index rather than by
   * cursor (SCIM). `userIds` narrows them to those ids (ids of no user of the account are left out).
   */
  async listWindow(
    principal: Principal,
    window: { offset: number; limit: number; userIds?: readonly number[] },
  ): Promise<{ total: number; items: contract.User[] }> {
    const conditions: SQL[] = [eq(usersTable.accountId, principal.accountId)];
    if (window.userIds !== undefined) {
      if (window.userIds.length === 0) return { total: 0, items: [] };
      conditions.push(inArray(usersTable.id, [...window.userIds]));
    }
    const [totals] = await this.database
      .select({ total: count() })
      .from(usersTable)
      .where(and(...conditions));
    const rows =
      window.limit === 0
        ? []
        : await this.database
            .select()
            .from(usersTable)
            .where(and(...conditions))
            .orderBy(asc(usersTable.id))
            .offset(window.offset)
            .limit(window.limit);
    return { total: totals?.total ?? 0, items: rows.map(toUser) };
  }

  /** The account's user with this e-mail (any case, any status), or null. */
  async findByEmail(principal: Principal, email: string): Promise<contract.User | null> {
    const [row] = await this.database
      .select()
      .from(usersTable)
      .where(
        and(
          eq(usersTable.accountId, principal.accountId),
          sql`lower(${usersTable.email}) = ${email.toLowerCase()}`,
        ),
      );
    return row ? toUser(row) : null;
  }

  /** A new e-mail for a user (an identity provider renamed them): 409 when another user of the account has it. */
  async changeEmail(principal: Principal, userId: number, email: string): Promise<contract.User> {
    const existing = await this.find(principal, userId);
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'user',
      id: userId,
      accountId: existing.accountId,
    });
    assertCredentialWithin(
      principal,
      { role: existing.role, deploymentIds: null },
      `renaming user ${userId}`,
    );
    try {
      const [row] = await this.database
        .update(usersTable)
        .set({ email, updatedAt: new Date() })
        .where(eq(usersTable.id, userId))
        .returning();
      // Credentials cached for the user carry their e-mail.
      await this.changeFeed.publish(userTopic(userId));
      return toUser(row as UserRow);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `a user with e-mail ${email} already exists`);
      throw error;
    }
  }

  async create(principal: Principal, input: CreateUserInput) {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    try {
      const [row] = await this.database
        .insert(usersTable)
        .values({
          accountId: principal.accountId,
          email: input.email,
          name: input.name ?? null,
          role: input.role,
        })
        .returning();
      return toUser(row as UserRow);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `a user with e-mail ${input.email} already exists`);
      throw error;
    }
  }

  async update(principal: Principal, userId: number, input: UpdateUserInput) {
    const existing = await this.find(principal, userId);
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'user',
      id: userId,
      accountId: existing.accountId,
    });
    const isLosingAdmin =
      existing.role === 'admin' &&
      existing.status === 'active' &&
      ((input.role !== undefined && input.role !== 'admin') || input.status === 'inactive');
    if (userId === principal.userId && (input.status === 'inactive' || isLosingAdmin)) {
      throw new AppError('CONFLICT', 'you cannot deactivate or demote your own user');
    }
    if (isLosingAdmin) await this.assertAnotherActiveAdmin(existing);
    if (input.role !== undefined || input.status !== undefined) {
      // The user's keys follow their role and status: changing them changes credentials of every
      // deployment, which a limited key may not (it could promote the owner of a key it holds).
      const role =
        input.role === undefined || isRoleAtMost(input.role, existing.role) ? existing.role : input.role;
      assertCredentialWithin(principal, { role, deploymentIds: null }, `changing the keys of user ${userId}`);
    }
    const [row] = await this.database
      .update(usersTable)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        updatedAt: new Date(),
      })
      .where(eq(usersTable.id, userId))
      .returning();
    await this.changeFeed.publish(userTopic(userId));
    return toUser(row as UserRow);
  }

  async delete(principal: Principal, userId: number): Promise<{ success: true }> {
    const existing = await this.find(principal, userId);
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'user',
      id: userId,
      accountId: existing.accountId,
    });
    if (userId === principal.userId) throw new AppError('CONFLICT', 'you cannot delete your own user');
    assertCredentialWithin(
      principal,
      { role: existing.role, deploymentIds: null },
      `deleting user ${userId} and their keys`,
    );
    if (existing.role === 'admin' && existing.status === 'active')
      await this.assertAnotherActiveAdmin(existing);
    // API keys and group memberships go with the user (ON DELETE CASCADE); what other modules keep for
    // the user (resource policies granted to them) goes in the same transaction.
    await this.database.transaction(async (transaction) => {
      await transaction.delete(usersTable).where(eq(usersTable.id, userId));
      for (const listener of this.deletionListeners) await listener(transaction, existing.accountId, userId);
    });
    await this.changeFeed.publish(userTopic(userId));
    return { success: true };
  }

  /** Each user is changed on its own: one failure does not undo or stop the others. */
  async bulk(principal: Principal, input: BulkUsersInput) {
    const succeeded: number[] = [];
    const failed: Array<{ id: number; error: { status: number; message: string } }> = [];
    for (const userId of [...new Set(input.userIds)]) {
      try {
        if (input.action === 'DELETE') await this.delete(principal, userId);
        else
          await this.update(principal, userId, {
            status: input.action === 'ACTIVATE' ? 'active' : 'inactive',
          });
        succeeded.push(userId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failed.push({ id: userId, error: { status: statusOfErrorCode(error.code), message: error.message } });
      }
    }
    return { action: input.action, succeeded, failed };
  }

  /**
   * The role of an active user of the account, or null (unknown, another account's, inactive): for a
   * service acting for a user without their credential, such as the chat analyst's data queries.
   */
  async activeRoleOf(accountId: number, userId: number): Promise<contract.Role | null> {
    const [row] = await this.database
      .select({ role: usersTable.role })
      .from(usersTable)
      .where(
        and(eq(usersTable.id, userId), eq(usersTable.accountId, accountId), eq(usersTable.status, 'active')),
      );
    return row?.role ?? null;
  }

  /** The e-mail address of an active user of the account, or null: where a notification is sent to them. */
  async activeEmailOf(accountId: number, userId: number): Promise<string | null> {
    const [row] = await this.database
      .select({ email: usersTable.email })
      .from(usersTable)
      .where(
        and(eq(usersTable.id, userId), eq(usersTable.accountId, accountId), eq(usersTable.status, 'active')),
      );
    return row?.email ?? null;
  }

  /**
   * An active user of the account as a principal of their own role, with no credential (`delivery`):
   * for content rendered for them while they are away (a notification). Null when the user is unknown,
   * of another account or deactivated.
   */
  async deliveryPrincipalOf(accountId: number, userId: number): Promise<Principal | null> {
    const [row] = await this.database
      .select({
        email: usersTable.email,
        role: usersTable.role,
        status: usersTable.status,
        accountName: accountsTable.name,
      })
      .from(usersTable)
      .innerJoin(accountsTable, eq(accountsTable.id, usersTable.accountId))
      .where(and(eq(usersTable.id, userId), eq(usersTable.accountId, accountId)));
    if (row?.status !== 'active') return null;
    return {
      accountId,
      accountName: row.accountName,
      userId,
      email: row.email,
      role: row.role,
      grantedActions: new Set(),
      credential: { type: 'delivery', id: 0, deploymentIds: null, expiresAt: null },
    };
  }

  /** The id of the account's active user with this e-mail (any case), or null: chat `internalId` sessions. */
  async activeUserIdByEmail(accountId: number, email: string): Promise<number | null> {
    const [row] = await this.database
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(
        and(
          eq(usersTable.accountId, accountId),
          sql`lower(${usersTable.email}) = ${email.toLowerCase()}`,
          eq(usersTable.status, 'active'),
        ),
      );
    return row?.id ?? null;
  }

  private async find(principal: Principal, userId: number): Promise<UserRow> {
    const [row] = await this.database
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.id, userId), eq(usersTable.accountId, principal.accountId)));
    if (!row) throw notFound(`user ${userId}`);
    return row;
  }

  private async assertAnotherActiveAdmin(user: UserRow): Promise<void> {
    const [result] = await this.database
      .select({ admins: count() })
      .from(usersTable)
      .where(
        and(
          eq(usersTable.accountId, user.accountId),
          eq(usersTable.role, 'admin'),
          eq(usersTable.status, 'active'),
          ne(usersTable.id, user.id),
        ),
      );
    if (!result || result.admins === 0) {
      throw new AppError('CONFLICT', 'the account must keep at least one active admin');
    }
  }
}
