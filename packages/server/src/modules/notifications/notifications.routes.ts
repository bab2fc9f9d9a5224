import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { NotificationRecipientsService } from './notification-recipients.service.js';
import type { NotificationsService } from './notifications.service.js';

type NotificationOperations = Pick<
  Operations,
  | 'listAccountNotifications'
  | 'listNotifications'
  | 'createNotification'
  | 'getNotification'
  | 'updateNotification'
  | 'deleteNotification'
  | 'listNotificationRecipients'
  | 'addNotificationRecipients'
  | 'removeNotificationRecipients'
>;

export function notificationsRoutes(
  notifications: NotificationsService,
  recipients: NotificationRecipientsService,
): OperationHandlers<NotificationOperations> {
  return {
    listAccountNotifications: ({ query, context }) => notifications.listAccount(context.principal, query),
    listNotifications: ({ params, query, context }) =>
      notifications.list(context.principal, params.deploymentId, query),
    createNotification: ({ params, body, context }) =>
      notifications.create(context.principal, params.deploymentId, body),
    getNotification: ({ params, context }) =>
      notifications.get(context.principal, params.deploymentId, params.notificationId),
    updateNotification: ({ params, body, context }) =>
      notifications.update(context.principal, params.deploymentId, params.notificationId, body),
    deleteNotification: ({ params, context }) =>
      notifications.delete(context.principal, params.deploymentId, params.notificationId),
    listNotificationRecipients: ({ params, query, context }) =>
      recipients.list(context.principal, params.deploymentId, params.notificationId, query),
    addNotificationRecipients: ({ params, body, context }) =>
      recipients.add(context.principal, params.deploymentId, params.notificationId, body.recipients),
    removeNotificationRecipients: ({ params, body, context }) =>
      recipients.remove(context.principal, params.deploymentId, params.notificationId, body.recipients),
  };
}
