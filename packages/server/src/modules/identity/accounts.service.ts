import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { accountsTable } from './identity.tables.js';

export interface AccountReference {
  id: number;
  name: string;
}

/** Accounts by name, for surfaces that name the account in their path (the Chat API, the embed page). */
export class AccountsService {
  constructor(private readonly database: Database) {}

  async accountByName(name: string): Promise<AccountReference | null> {
    const [row] = await this.database
      .select({ id: accountsTable.id, name: accountsTable.name })
      .from(accountsTable)
      .where(eq(accountsTable.name, name));
    return row ?? null;
  }

  async accountById(id: number): Promise<AccountReference | null> {
    const [row] = await this.database
      .select({ id: accountsTable.id, name: accountsTable.name })
      .from(accountsTable)
      .where(eq(accountsTable.id, id));
    return row ?? null;
  }
}
