import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { apiKeysTable, usersTable } from './identity.tables.js';

export interface CredentialOwner {
  id: number;
  email: string;
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
}
