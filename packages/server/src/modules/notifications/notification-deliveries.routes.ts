import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { NotificationDeliveriesService } from './notification-deliveries.service.js';

type DeliveryOperations = Pick<
  Operations,
  | 'sendNotification'
  | 'listNotificationDeliveries'
  | 'getNotificationUnsubscribePage'
  | 'unsubscribeNotificationRecipient'
>;

export function notificationDeliveriesRoutes(
  deliveries: NotificationDeliveriesService,
): OperationHandlers<DeliveryOperations> {
  return {
    sendNotification: ({ params, context }) =>
      deliveries.send(context.principal, params.deploymentId, params.notificationId),
    listNotificationDeliveries: ({ params, query, context }) =>
      deliveries.list(context.principal, params.deploymentId, params.notificationId, query),
    getNotificationUnsubscribePage: ({ query }) => deliveries.unsubscribePage(query.token),
    unsubscribeNotificationRecipient: ({ query }) => deliveries.unsubscribe(query.token),
  };
}
