import { NotificationDelivery, NotificationIdParams } from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const sendNotification = defineOperation({
  operationId: 'sendNotification',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}/send',
  tag: 'Notifications',
  summary: 'Deliver a notification now',
  description:
    'Queues a delivery to every recipient (also when the notification is disabled) and answers it `pending`; follow it in the deliveries.',
  action: 'ContentEdit',
  params: NotificationIdParams,
  response: NotificationDelivery,
  successStatus: 202,
  errors: ['NOT_FOUND'],
});
