import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import { issueApiKey } from './api-keys.service.js';
import { accountsTable, usersTable } from './identity.tables.js';

export interface BootstrapResult {
  accountId: number;
  /** The admin key, only on the start that created the account; later starts get null. */
  adminApiKey: string | null;
}

export const defaultAccountName = 'default';
export const defaultAdminEmail = 'admin@localhost';

/**
 * On an empty store: account `default`, an admin user and an admin API key, in one transaction so a
 * crash cannot leave an account without its admin. Several processes may start at once: the unique
 * account name makes exactly one of them the creator.
 */
export async function bootstrapDefaultAccount(
  database: Database,
  bootstrapApiKey: string | null,
): Promise<BootstrapResult> {
  return database.transaction(async (transaction) => {
    const [created] = await transaction
      .insert(accountsTable)
      .values({ name: defaultAccountName })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await transaction
        .select()
        .from(accountsTable)
        .where(eq(accountsTable.name, defaultAccountName));
      if (!existing) throw new Error('the default account vanished during bootstrap');
      return { accountId: existing.id, adminApiKey: null };
    }
    const [admin] = await transaction
      .insert(usersTable)
      .values({ accountId: created.id, email: defaultAdminEmail, name: 'Administrator', role: 'admin' })
      .returning();
    if (!admin) throw new Error('could not create the admin user');
    const key = await issueApiKey(transaction, {
      accountId: created.id,
      userId: admin.id,
      name: 'bootstrap admin key',
      ...(bootstrapApiKey ? { token: bootstrapApiKey } : {}),
    });
    return { accountId: created.id, adminApiKey: key.token };
  });
}
