import {
  NotificationIdParams,
  NotificationRecipientsListResponse,
  RemoveRecipientsInput,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const removeNotificationRecipients = defineOperation({
  operationId: 'removeNotificationRecipients',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}/recipients',
  tag: 'Notifications',
  summary: 'Remove recipients from a notification (a DELETE with a JSON body)',
  description:
    'Each recipient by `type` and `id` (or the named field). One that is not a recipient is a 404 naming it, and nothing changes. Answers the recipients left.',
  action: 'ContentEdit',
  params: NotificationIdParams,
  body: RemoveRecipientsInput,
  response: NotificationRecipientsListResponse,
  errors: ['NOT_FOUND'],
});
