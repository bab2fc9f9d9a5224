import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { userGroupMembersTable, userGroupsTable } from './identity.tables.js';

/** Groups of users of an account. */
export class UserGroupsService {
  constructor(private readonly database: Database) {}

  /** The ids of the groups a user belongs to. */
  async groupIdsOf(accountId: number, userId: number): Promise<number[]> {
    const rows = await this.database
      .select({ id: userGroupsTable.id })
      .from(userGroupMembersTable)
      .innerJoin(userGroupsTable, eq(userGroupsTable.id, userGroupMembersTable.groupId))
      .where(and(eq(userGroupsTable.accountId, accountId), eq(userGroupMembersTable.userId, userId)));
    return rows.map((row) => row.id);
  }
}
