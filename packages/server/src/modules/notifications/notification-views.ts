import { encryptedPlaceholder, type Notification } from '@platform/contract';
import { humanReadableSchedule } from './human-readable-schedule.js';
import { type RecipientRow, recipientOf } from './notification-recipient-keys.js';
import type { notificationsTable } from './notifications.tables.js';

export type NotificationRow = typeof notificationsTable.$inferSelect;

/**
 * A notification as the API shows it. The webhook secret is `[ENCRYPTED]` unless `revealedSecret` is
 * given: the answer of the request that set it is the only one to carry it.
 */
export function notificationOf(
  row: NotificationRow,
  dashboardPublicId: string,
  recipients: readonly RecipientRow[],
  revealedSecret: string | null = null,
): Notification {
  return {
    id: row.id,
    deploymentId: row.deploymentId,
    dashboardId: row.dashboardId,
    dashboardPublicId,
    name: row.name,
    schedule: row.schedule,
    timezone: row.timezone,
    humanReadableSchedule: humanReadableSchedule(row.schedule, row.timezone),
    notificationFormat: row.format,
    filters: row.filters ?? null,
    timeGrains: row.timeGrains ?? null,
    isEnabled: row.isEnabled,
    recipients: recipients.map(recipientOf),
    webhookSecret: row.webhookSecret === null ? null : (revealedSecret ?? encryptedPlaceholder),
    createdByUserId: row.createdByUserId,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
