import type { Operations } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { OperationHandlers } from '../../operation-contexts.js';

type DeliveryOperations = Pick<Operations, 'sendNotification' | 'listNotificationDeliveries'>;

// FOUNDATION: replaced by the deliveries service's handlers before this lands.
const pending = async (): Promise<never> => {
  throw new AppError('NOT_IMPLEMENTED', 'notification deliveries are being built');
};

export function notificationDeliveriesRoutes(): OperationHandlers<DeliveryOperations> {
  return { sendNotification: pending, listNotificationDeliveries: pending };
}
