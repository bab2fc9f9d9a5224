import type { Operations } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { OperationHandlers } from '../../operation-contexts.js';

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

// FOUNDATION: replaced by the notifications service's handlers before this lands.
const pending = async (): Promise<never> => {
  throw new AppError('NOT_IMPLEMENTED', 'notifications are being built');
};

export function notificationsRoutes(): OperationHandlers<NotificationOperations> {
  return {
    listAccountNotifications: pending,
    listNotifications: pending,
    createNotification: pending,
    getNotification: pending,
    updateNotification: pending,
    deleteNotification: pending,
    listNotificationRecipients: pending,
    addNotificationRecipients: pending,
    removeNotificationRecipients: pending,
  };
}
