import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { UserSummary } from './credential-owners.js';
import { userGroupsTable, usersTable } from './identity.tables.js';

/**
 * The users and groups other modules grant rights to (the workspace's resource policies). A grant is
 * written in the granting module's transaction with its subject read `FOR SHARE`: a deletion of that
 * user or group waits for the grant to commit and then removes it (the deletion listeners), or has
 * committed before and the subject is not found; no grant outlives its subject.
 */
export class GrantSubjects {
  constructor(private readonly database: Database) {}

  /** The user of the account, locked until `transaction` ends; null for an unknown or another account's. */
  async lockUser(transaction: Database, accountId: number, userId: number): Promise<UserSummary | null> {
    const [row] = await transaction
      .select({ id: usersTable.id, email: usersTable.email, name: usersTable.name })
      .from(usersTable)
      .where(and(eq(usersTable.id, userId), eq(usersTable.accountId, accountId)))
      .for('share');
    return row ?? null;
  }

  /** The group of the account, locked until `transaction` ends; null for an unknown or another account's. */
  async lockGroup(
    transaction: Database,
    accountId: number,
    groupId: number,
  ): Promise<{ id: number; name: string } | null> {
    const [row] = await transaction
      .select({ id: userGroupsTable.id, name: userGroupsTable.name })
      .from(userGroupsTable)
      .where(and(eq(userGroupsTable.id, groupId), eq(userGroupsTable.accountId, accountId)))
      .for('share');
    return row ?? null;
  }

  /** The account's groups among `groupIds`: id → name. */
  async groupNamesOf(accountId: number, groupIds: readonly number[]): Promise<Map<number, string>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.database
      .select({ id: userGroupsTable.id, name: userGroupsTable.name })
      .from(userGroupsTable)
      .where(
        and(eq(userGroupsTable.accountId, accountId), inArray(userGroupsTable.id, [...new Set(groupIds)])),
      );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
