import { Notification, NotificationIdParams } from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const getNotification = defineOperation({
  operationId: 'getNotification',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}',
  tag: 'Notifications',
  summary: 'Read a scheduled notification',
  action: 'ContentRead',
  params: NotificationIdParams,
  response: Notification,
  errors: ['NOT_FOUND'],
});
