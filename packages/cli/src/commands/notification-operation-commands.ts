import type { OperationId } from '@platform/contract';
import type { OperationCommand } from './operation-command.js';

type NotificationOperationId = Extract<OperationId, `${string}Notification${string}`>;

/** The `platform notifications …` commands (docs/notifications.md), one per operation. */
export const notificationOperationCommands: { readonly [Id in NotificationOperationId]: OperationCommand } = {
  listAccountNotifications: { command: 'notifications list', example: ['notifications', 'list'] },
  listNotifications: {
    command: 'notifications list',
    example: ['notifications', 'list', '--deployment', '5'],
  },
  createNotification: {
    command: 'notifications create',
    example: [
      'notifications',
      'create',
      '--deployment',
      '5',
      '--dashboard',
      '3',
      '--name',
      'Weekly revenue',
      '--schedule',
      '0 9 * * 1',
      '--timezone',
      'Europe/Berlin',
      '--email',
      'ann@example.com',
    ],
  },
  getNotification: {
    command: 'notifications get',
    example: ['notifications', 'get', '4', '--deployment', '5'],
  },
  updateNotification: {
    command: 'notifications update',
    example: ['notifications', 'update', '4', '--deployment', '5', '--disable'],
  },
  deleteNotification: {
    command: 'notifications delete',
    example: ['notifications', 'delete', '4', '--deployment', '5'],
  },
  listNotificationRecipients: {
    command: 'notifications recipients list',
    example: ['notifications', 'recipients', 'list', '4', '--deployment', '5'],
  },
  addNotificationRecipients: {
    command: 'notifications recipients add',
    example: ['notifications', 'recipients', 'add', '4', '--deployment', '5', '--email', 'bob@example.com'],
  },
  removeNotificationRecipients: {
    command: 'notifications recipients remove',
    example: ['notifications', 'recipients', 'remove', '4', '--deployment', '5', '--user', '7'],
  },
  sendNotification: {
    command: 'notifications send',
    example: ['notifications', 'send', '4', '--deployment', '5'],
  },
  listNotificationDeliveries: {
    command: 'notifications deliveries',
    example: ['notifications', 'deliveries', '4', '--deployment', '5'],
  },
  // The e-mail's link reaches them in the browser; the command unsubscribes with a link by hand.
  getNotificationUnsubscribePage: {
    command: 'notifications unsubscribe',
    example: [
      'notifications',
      'unsubscribe',
      'https://platform.example.com/api/v1/notifications/unsubscribe?token=abc.def',
    ],
  },
  unsubscribeNotificationRecipient: {
    command: 'notifications unsubscribe',
    example: [
      'notifications',
      'unsubscribe',
      'https://platform.example.com/api/v1/notifications/unsubscribe?token=abc.def',
      '--confirm',
    ],
  },
};
