import type { NotificationDelivery, PagingQuery } from '@platform/contract';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import { createNotificationDelivery } from './create-notification-delivery.js';
import { unsubscribedPage, unsubscribeQuestionPage } from './notification-unsubscribe-pages.js';
import type { NotificationsService } from './notifications.service.js';
import {
  notificationDeliveriesTable,
  notificationDeliveryRecipientsTable,
  notificationRecipientsTable,
  notificationsTable,
} from './notifications.tables.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

type DeliveryRow = typeof notificationDeliveriesTable.$inferSelect;

/**
 * Deliveries as callers see them: deliver a notification now, its history newest first, and the public
 * unsubscribe of one e-mail recipient. Rights are the notification's (NotificationsService.find): the
 * history needs ContentRead, sending ContentEdit, and both a dashboard the caller sees.
 */
export class NotificationDeliveriesService {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobRunner,
    private readonly notifications: Pick<NotificationsService, 'find'>,
    private readonly unsubscribeTokens: UnsubscribeTokens,
    /** The clock, injectable so that tests place a delivery at a known time. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A delivery to every current recipient, queued at once (also when the notification is disabled). */
  async send(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
  ): Promise<NotificationDelivery> {
    const { row: notification } = await this.notifications.find(
      principal,
      deploymentId,
      notificationId,
      'ContentEdit',
    );
    const deliveryId = await this.database.transaction((transaction) =>
      createNotificationDelivery(transaction, this.jobs, {
        notificationId: notification.id,
        trigger: 'send',
        scheduledFor: this.now(),
      }),
    );
    if (deliveryId === null) throw new Error('a delivery made by send is never a duplicate');
    const [delivery] = await this.withRecipients(
      await this.database
        .select()
        .from(notificationDeliveriesTable)
        .where(eq(notificationDeliveriesTable.id, deliveryId)),
    );
    if (!delivery) throw notFound(`delivery ${deliveryId}`);
    return delivery;
  }

  async list(
    principal: Principal,
    deploymentId: number,
    notificationId: number,
    query: z.infer<typeof PagingQuery>,
  ): Promise<{
    items: NotificationDelivery[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  }> {
    await this.notifications.find(principal, deploymentId, notificationId, 'ContentRead');
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(notificationDeliveriesTable.notificationId, notificationId)];
    // Newest first: the page after a cursor holds the older deliveries.
    if (afterId !== null) conditions.push(lt(notificationDeliveriesTable.id, afterId));
    const rows = await this.database
      .select()
      .from(notificationDeliveriesTable)
      .where(and(...conditions))
      .orderBy(desc(notificationDeliveriesTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: await this.withRecipients(page.rows), pageInfo: page.pageInfo };
  }

  /** The page an unsubscribe link opens: the question and its button; nothing changes yet. */
  async unsubscribePage(token: string): Promise<string> {
    const claims = this.unsubscribeTokens.verify(token);
    const name = await this.nameOf(claims.notificationId);
    return name === null ? unsubscribedPage(null) : unsubscribeQuestionPage(name, token);
  }

  /**
   * Removes the recipient the token names from its notification. A recipient already gone (unsubscribed
   * before, or the notification deleted) answers the same: unsubscribing twice is not an error.
   */
  async unsubscribe(token: string): Promise<string> {
    const claims = this.unsubscribeTokens.verify(token);
    const name = await this.nameOf(claims.notificationId);
    await this.database
      .delete(notificationRecipientsTable)
      .where(
        and(
          eq(notificationRecipientsTable.notificationId, claims.notificationId),
          eq(notificationRecipientsTable.recipientKey, claims.recipientKey),
        ),
      );
    return unsubscribedPage(name);
  }

  private async nameOf(notificationId: number): Promise<string | null> {
    const [row] = await this.database
      .select({ name: notificationsTable.name })
      .from(notificationsTable)
      .where(eq(notificationsTable.id, notificationId));
    return row?.name ?? null;
  }

  private async withRecipients(rows: DeliveryRow[]): Promise<NotificationDelivery[]> {
    if (rows.length === 0) return [];
    const recipients = await this.database
      .select()
      .from(notificationDeliveryRecipientsTable)
      .where(
        inArray(
          notificationDeliveryRecipientsTable.deliveryId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(notificationDeliveryRecipientsTable.recipientKey);
    return rows.map((row) => ({
      id: row.id,
      notificationId: row.notificationId,
      trigger: row.trigger,
      scheduledFor: row.scheduledFor.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      status: row.status,
      attempts: row.attempts,
      recipients: recipients
        .filter((recipient) => recipient.deliveryId === row.id)
        .map((recipient) => ({
          recipient: recipient.recipient,
          status: recipient.status,
          error: recipient.error,
          attempts: recipient.attempts,
          sentAt: recipient.sentAt?.toISOString() ?? null,
        })),
    }));
  }
}
