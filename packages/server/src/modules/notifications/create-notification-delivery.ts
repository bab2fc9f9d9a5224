import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import {
  type NotificationDeliveryJobPayload,
  notificationDeliveryJob,
} from './notification-delivery-job-name.js';
import { recipientOf } from './notification-recipient-keys.js';
import {
  notificationDeliveriesTable,
  notificationDeliveryRecipientsTable,
  notificationRecipientsTable,
} from './notifications.tables.js';

export interface NotificationRun {
  notificationId: number;
  trigger: 'schedule' | 'send' | 'catch_up';
  scheduledFor: Date;
}

/**
 * Inserts a delivery with one pending row per current recipient and enqueues its job, all in the caller's
 * transaction: the delivery exists exactly when its job does. A scheduled run that already has its
 * delivery (another process claimed it) is not made twice: null.
 */
export async function createNotificationDelivery(
  transaction: Database,
  jobs: JobRunner,
  run: NotificationRun,
): Promise<number | null> {
  const [delivery] = await transaction
    .insert(notificationDeliveriesTable)
    .values({ notificationId: run.notificationId, trigger: run.trigger, scheduledFor: run.scheduledFor })
    .onConflictDoNothing({
      target: [notificationDeliveriesTable.notificationId, notificationDeliveriesTable.scheduledFor],
      where: sql`trigger <> 'send'`,
    })
    .returning({ id: notificationDeliveriesTable.id });
  if (!delivery) return null;
  const recipients = await transaction
    .select()
    .from(notificationRecipientsTable)
    .where(eq(notificationRecipientsTable.notificationId, run.notificationId));
  if (recipients.length > 0) {
    await transaction.insert(notificationDeliveryRecipientsTable).values(
      recipients.map((row) => ({
        deliveryId: delivery.id,
        recipientKey: row.recipientKey,
        recipient: recipientOf(row),
      })),
    );
  }
  await jobs.enqueue<NotificationDeliveryJobPayload>(
    notificationDeliveryJob,
    { deliveryId: delivery.id },
    { transaction },
  );
  return delivery.id;
}
