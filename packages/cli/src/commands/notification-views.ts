import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type Notification = OperationResult<Operations['getNotification']>;
type Recipient = Notification['recipients'][number];
type Delivery = OperationResult<Operations['sendNotification']>;

/** Who or where a recipient is, in one cell: the user id, address, tenant/external id or (masked) URL. */
export function recipientLabelOf(recipient: Recipient): string {
  switch (recipient.type) {
    case 'user':
      return `user ${recipient.userId}`;
    case 'email':
      return recipient.email ?? '';
    case 'embedUser':
      return `${recipient.embedTenantName}/${recipient.externalId}`;
    case 'webhook':
      return recipient.url ?? '';
  }
}

const notificationColumns: Column<Notification>[] = [
  { header: 'ID', value: (notification) => notification.id },
  { header: 'NAME', value: (notification) => notification.name },
  { header: 'DEPLOYMENT', value: (notification) => notification.deploymentId },
  { header: 'DASHBOARD', value: (notification) => notification.dashboardId },
  { header: 'SCHEDULE', value: (notification) => notification.humanReadableSchedule },
  { header: 'FORMAT', value: (notification) => notification.notificationFormat },
  { header: 'ENABLED', value: (notification) => notification.isEnabled },
  { header: 'NEXT RUN', value: (notification) => notification.nextRunAt },
  { header: 'RECIPIENTS', value: (notification) => notification.recipients.length },
];

export function formatNotifications(notifications: readonly Notification[]): string {
  return notifications.length === 0 ? 'no notifications' : formatTable(notificationColumns, notifications);
}

export function formatNotification(notification: Notification): string {
  return formatKeyValues([
    ['id', notification.id],
    ['name', notification.name],
    ['deployment', notification.deploymentId],
    ['dashboard', `${notification.dashboardId} (${notification.dashboardPublicId})`],
    ['schedule', `${notification.schedule} (${notification.humanReadableSchedule})`],
    ['format', notification.notificationFormat],
    ['enabled', notification.isEnabled],
    ['filters', notification.filters === null ? null : JSON.stringify(notification.filters)],
    ['time grains', notification.timeGrains === null ? null : JSON.stringify(notification.timeGrains)],
    ['recipients', notification.recipients.map(recipientLabelOf).join(', ')],
    ['webhook secret', notification.webhookSecret],
    ['next run', notification.nextRunAt],
    ['last run', notification.lastRunAt],
    ['created by', notification.createdByUserId],
    ['updated', notification.updatedAt],
  ]);
}

const recipientColumns: Column<Recipient>[] = [
  { header: 'TYPE', value: (recipient) => recipient.type },
  { header: 'RECIPIENT', value: recipientLabelOf },
  { header: 'CHANNEL', value: (recipient) => recipient.channelName },
];

export function formatRecipients(recipients: readonly Recipient[]): string {
  return recipients.length === 0 ? 'no recipients' : formatTable(recipientColumns, recipients);
}

const deliveryColumns: Column<Delivery>[] = [
  { header: 'ID', value: (delivery) => delivery.id },
  { header: 'TRIGGER', value: (delivery) => delivery.trigger },
  { header: 'SCHEDULED FOR', value: (delivery) => delivery.scheduledFor },
  { header: 'STATUS', value: (delivery) => delivery.status },
  { header: 'ATTEMPTS', value: (delivery) => delivery.attempts },
  {
    header: 'SENT',
    value: (delivery) =>
      `${delivery.recipients.filter((recipient) => recipient.status === 'sent').length}/${delivery.recipients.length}`,
  },
  { header: 'FINISHED', value: (delivery) => delivery.finishedAt },
];

export function formatDeliveries(deliveries: readonly Delivery[]): string {
  return deliveries.length === 0 ? 'no deliveries' : formatTable(deliveryColumns, deliveries);
}

export function formatDelivery(delivery: Delivery): string {
  return formatKeyValues([
    ['delivery', delivery.id],
    ['notification', delivery.notificationId],
    ['trigger', delivery.trigger],
    ['scheduled for', delivery.scheduledFor],
    ['status', delivery.status],
  ]);
}
