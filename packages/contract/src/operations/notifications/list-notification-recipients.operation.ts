import { PagingQuery } from '../../schemas/common.schema.js';
import {
  NotificationIdParams,
  NotificationRecipientsListResponse,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const listNotificationRecipients = defineOperation({
  operationId: 'listNotificationRecipients',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}/recipients',
  tag: 'Notifications',
  summary: 'List the recipients of a notification',
  action: 'ContentRead',
  params: NotificationIdParams,
  query: PagingQuery,
  response: NotificationRecipientsListResponse,
  errors: ['NOT_FOUND'],
});
