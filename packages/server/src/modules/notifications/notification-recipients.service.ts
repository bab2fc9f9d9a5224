import type * as contract from '@platform/contract';
import {
  maximumNotificationRecipients,
  type NotificationRecipientInput,
  type NotificationRecipientReference,
  type OperationResult,
  type Operations,
} from '@platform/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import { maskUrlCredentials } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import { recipientOf, referencedKeyOf } from './notification-recipient-keys.js';
import type { NotificationRecipientsStore } from './notification-recipients.store.js';
import type { NotificationsService } from './notifications.service.js';
import { notificationRecipientsTable, notificationsTable } from './notifications.tables.js';

type PagingQuery = z.output<typeof contract.PagingQuery>;
type RecipientsPage = OperationResult<Operations['listNotificationRecipients']>;

/**
 * A notification's recipients on their own: listed with `ContentRead`, added and removed with
 * `ContentEdit` (embed users with `EmbedManage` too). Add and remove answer the whole list; a failing
 * request changes nothing (one transaction).
 */
export class NotificationRecipientsService {
  constructor(
    private readonly database: Database,
    private readonly notifications: Pick<NotificationsService, 'find'>,
    private readonly store: NotificationRecipientsStore,
  ) {}

  async list(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
    query: PagingQuery,
  ): Promise<RecipientsPage> {
    const { row } = await this.notifications.find(principal, deploymentId, notificationId, 'ContentRead');
    const { afterId, size, offset } = pageWindowOf(query);
    const rows = await this.database
      .select()
      .from(notificationRecipientsTable)
      .where(
        and(
          eq(notificationRecipientsTable.notificationId, row.id),
          ...(afterId === null ? [] : [gt(notificationRecipientsTable.id, afterId)]),
        ),
      )
      .orderBy(asc(notificationRecipientsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(recipientOf), pageInfo: page.pageInfo };
  }

  /** Adds recipients; ones already there are kept as they are. */
  async add(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
    recipients: readonly NotificationRecipientInput[],
  ): Promise<RecipientsPage> {
    const { row } = await this.notifications.find(principal, deploymentId, notificationId, 'ContentEdit');
    const values = await this.store.valuesOf(principal, recipients);
    return this.database.transaction(async (transaction) => {
      await this.lock(transaction, row.id);
      await this.store.insert(transaction, row.id, values);
      const all = await this.store.rowsOf([row.id], transaction);
      if (all.length > maximumNotificationRecipients) {
        throw new AppError(
          'BAD_REQUEST',
          `recipients: a notification has at most ${maximumNotificationRecipients} recipients; this would make ${all.length}`,
        );
      }
      await this.touch(transaction, row.id);
      return { items: all.map(recipientOf), pageInfo: { endCursor: null, hasNextPage: false } };
    });
  }

  /**
   * Removes recipients, each named by type and `id` (or the named field); one that is not a recipient is a
   * 404 naming it, and then nothing is removed.
   */
  async remove(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
    references: readonly NotificationRecipientReference[],
  ): Promise<RecipientsPage> {
    const { row } = await this.notifications.find(principal, deploymentId, notificationId, 'ContentEdit');
    const keys = references.map((reference, index) => referencedKeyOf(reference, `recipients[${index}]`));
    if (references.some((reference) => reference.type === 'embedUser'))
      this.store.requireEmbedManage(principal);
    return this.database.transaction(async (transaction) => {
      await this.lock(transaction, row.id);
      const current = await this.store.rowsOf([row.id], transaction);
      const removed = references.map((reference, index) => {
        const key = keys[index];
        // A webhook may also be named by the URL a read showed (credentials masked).
        const found = current.find(
          (recipient) =>
            recipient.recipientKey === key ||
            (reference.type === 'webhook' &&
              recipient.type === 'webhook' &&
              recipient.url === (reference.url ?? String(reference.id))),
        );
        if (!found) {
          throw new AppError(
            'NOT_FOUND',
            `${describeReference(reference)} is not a recipient of notification ${notificationId}`,
          );
        }
        return found.id;
      });
      await transaction
        .delete(notificationRecipientsTable)
        .where(inArray(notificationRecipientsTable.id, removed));
      await this.touch(transaction, row.id);
      const left = current.filter((recipient) => !removed.includes(recipient.id));
      return { items: left.map(recipientOf), pageInfo: { endCursor: null, hasNextPage: false } };
    });
  }

  /** Holds the notification while its recipients change, so two requests count and remove one list. */
  private async lock(transaction: Database, notificationId: number): Promise<void> {
    await transaction
      .select({ id: notificationsTable.id })
      .from(notificationsTable)
      .where(eq(notificationsTable.id, notificationId))
      .for('update');
  }

  private async touch(transaction: Database, notificationId: number): Promise<void> {
    await transaction
      .update(notificationsTable)
      .set({ updatedAt: new Date() })
      .where(eq(notificationsTable.id, notificationId));
  }
}

/** A recipient named in a message: its type and identifying value, a URL's credentials masked. */
function describeReference(reference: NotificationRecipientReference): string {
  const value =
    reference.userId ?? reference.email ?? reference.externalId ?? reference.url ?? reference.id ?? '';
  const tenant = reference.embedTenantName === undefined ? '' : `${reference.embedTenantName}/`;
  return `${reference.type} ${tenant}${maskUrlCredentials(String(value))}`;
}
