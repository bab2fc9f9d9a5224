import {
  Notification,
  NotificationIdParams,
  UpdateNotificationInput,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const updateNotification = defineOperation({
  operationId: 'updateNotification',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}',
  tag: 'Notifications',
  summary: 'Change a scheduled notification',
  description:
    'Fields given replace what was there; `recipients` replaces the whole list. A new schedule or time zone recomputes `nextRunAt`.',
  action: 'ContentEdit',
  params: NotificationIdParams,
  body: UpdateNotificationInput,
  response: Notification,
  errors: ['NOT_FOUND', 'BAD_REQUEST'],
});
