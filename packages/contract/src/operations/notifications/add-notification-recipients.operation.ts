import {
  NotificationIdParams,
  NotificationRecipientsListResponse,
  RecipientsInput,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const addNotificationRecipients = defineOperation({
  operationId: 'addNotificationRecipients',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}/recipients',
  tag: 'Notifications',
  summary: 'Add recipients to a notification',
  description: 'Recipients already there are kept as they are. Answers every recipient of the notification.',
  action: 'ContentEdit',
  params: NotificationIdParams,
  body: RecipientsInput,
  response: NotificationRecipientsListResponse,
  errors: ['NOT_FOUND', 'BAD_REQUEST'],
});
