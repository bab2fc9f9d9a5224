import { NotificationIdParams } from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const deleteNotification = defineOperation({
  operationId: 'deleteNotification',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}',
  tag: 'Notifications',
  summary: 'Delete a scheduled notification with its delivery history',
  description: 'A delivery already running finishes; no new one starts.',
  action: 'ContentEdit',
  params: NotificationIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
