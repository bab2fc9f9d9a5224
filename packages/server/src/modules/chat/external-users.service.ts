import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { ChatTenantSettingsSource } from './chat-tenant-settings.js';
import { chatUsersTable } from './chat-users.tables.js';

// The first key of the two-key advisory lock that serialises provisioning per account (the cap check).
const provisioningLockClass = 746_513_310;

type Transaction = Pick<Database, 'execute' | 'select'>;

/**
 * The cap on kept (non-ephemeral) external users of an account, tenant setting `externalUsersLimit`:
 * one cap for the Chat API and embedding together. A caller reads the limit first (outside its
 * transaction), then, in the transaction that creates or keeps the user, locks and checks.
 */
export class ExternalUsersService {
  constructor(private readonly settings: ChatTenantSettingsSource) {}

  async limitOf(accountId: number): Promise<number> {
    return (await this.settings.settingsOf(accountId)).externalUsersLimit;
  }

  /** Serialises every provisioning of the account's external users until the transaction ends. */
  async lock(transaction: Transaction, accountId: number): Promise<void> {
    await transaction.execute(sql`SELECT pg_advisory_xact_lock(${provisioningLockClass}, ${accountId})`);
  }

  /** Under `lock`: 403 when the account already keeps `limit` external users, so one more would pass it. */
  async assertRoomFor(transaction: Transaction, accountId: number, limit: number): Promise<void> {
    const [result] = await transaction
      .select({ users: count() })
      .from(chatUsersTable)
      .where(
        and(
          eq(chatUsersTable.accountId, accountId),
          isNotNull(chatUsersTable.externalId),
          eq(chatUsersTable.isEphemeral, false),
        ),
      );
    if ((result?.users ?? 0) >= limit) {
      throw new AppError(
        'FORBIDDEN',
        `the account already keeps ${limit} non-ephemeral external users, the most its tenant setting externalUsersLimit allows; new users can still be ephemeral (isEphemeral true or left out: sessionSettings.isEphemeral in the Chat API, isEphemeral in an embed session)`,
      );
    }
  }
}
