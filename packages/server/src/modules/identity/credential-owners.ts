import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { apiKeysTable, usersTable } from './identity.tables.js';

export interface CredentialOwner {
  id: number;
  email: string;
}

export interface UserSummary {
  id: number;
  email: string;
  name: string | null;
}

/** Whose credential an id is (other modules record credential ids, such as dev-mode sessions). */
export class CredentialOwners {
  constructor(private readonly database: Database) {}

  async ownersOf(accountId: number, credentialIds: readonly number[]): Promise<Map<number, CredentialOwner>> {
    if (credentialIds.length === 0) return new Map();
    const rows = await this.database
      .select({ credentialId: apiKeysTable.id, id: usersTable.id, email: usersTable.email })
      .from(apiKeysTable)
      .innerJoin(usersTable, eq(usersTable.id, apiKeysTable.userId))
      .where(and(eq(apiKeysTable.accountId, accountId), inArray(apiKeysTable.id, [...credentialIds])));
    return new Map(rows.map((row) => [row.credentialId, { id: row.id, email: row.email }]));
  }

  /** The users of the account among `userIds` (what content shows of its owners); deleted ones are absent. */
  async usersOf(accountId: number, userIds: readonly number[]): Promise<Map<number, UserSummary>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.database
      .select({ id: usersTable.id, email: usersTable.email, name: usersTable.name })
      .from(usersTable)
      .where(and(eq(usersTable.accountId, accountId), inArray(usersTable.id, [...new Set(userIds)])));
    return new Map(rows.map((row) => [row.id, row]));
  }
}
