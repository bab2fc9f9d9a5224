import type { NotificationRecipientInput } from '@platform/contract';
import { asc, inArray } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import { type RecipientRow, type RecipientValues, recipientValuesOf } from './notification-recipient-keys.js';
import { notificationRecipientsTable } from './notifications.tables.js';

/** Whether a user id is an active user of the account (identity's users service answers it). */
export type ActiveUserCheck = (accountId: number, userId: number) => Promise<boolean>;

/**
 * The recipients' rows and the rules every write of them follows, whichever operation writes them (create,
 * update, add): users must be active users of the caller's account, and embed users need `EmbedManage`,
 * since their content is rendered as that embed user, with their tenant's rows.
 */
export class NotificationRecipientsStore {
  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
    private readonly authorization: Pick<AuthorizationService, 'authorize'>,
    private readonly isActiveUser: ActiveUserCheck,
  ) {}

  /** The rows a request's recipients become, once checked (400 naming the recipient, 403 for embed users). */
  async valuesOf(
    principal: Principal,
    recipients: readonly NotificationRecipientInput[],
  ): Promise<RecipientValues[]> {
    const values = recipientValuesOf(recipients, this.secretBox);
    if (values.some((value) => value.type === 'embedUser')) this.requireEmbedManage(principal);
    for (const value of values) {
      if (value.userId === undefined || value.userId === null) continue;
      if (!(await this.isActiveUser(principal.accountId, value.userId))) {
        throw new AppError(
          'BAD_REQUEST',
          `recipients: user ${value.userId} is not an active user of this account`,
        );
      }
    }
    return values;
  }

  requireEmbedManage(principal: Principal): void {
    this.authorization.authorize(principal, 'EmbedManage', {
      type: 'account',
      accountId: principal.accountId,
    });
  }

  /** The recipients of notifications, in the order they were added. */
  async rowsOf(
    notificationIds: readonly number[],
    reader: Database = this.database,
  ): Promise<RecipientRow[]> {
    if (notificationIds.length === 0) return [];
    return reader
      .select()
      .from(notificationRecipientsTable)
      .where(inArray(notificationRecipientsTable.notificationId, [...notificationIds]))
      .orderBy(asc(notificationRecipientsTable.id));
  }

  /** Adds recipients; one already there (the same key) is kept as it is. */
  async insert(
    transaction: Database,
    notificationId: number,
    values: readonly RecipientValues[],
  ): Promise<void> {
    if (values.length === 0) return;
    await transaction
      .insert(notificationRecipientsTable)
      .values(values.map((value) => ({ ...value, notificationId })))
      .onConflictDoNothing({
        target: [notificationRecipientsTable.notificationId, notificationRecipientsTable.recipientKey],
      });
  }
}
