import { PagingQuery } from '../../schemas/common.schema.js';
import {
  NotificationDeliveriesListResponse,
  NotificationIdParams,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const listNotificationDeliveries = defineOperation({
  operationId: 'listNotificationDeliveries',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/notifications/{notificationId}/deliveries',
  tag: 'Notifications',
  summary: 'The delivery history of a notification',
  description: "Newest first, each with every recipient's status and error.",
  action: 'ContentRead',
  params: NotificationIdParams,
  query: PagingQuery,
  response: NotificationDeliveriesListResponse,
  errors: ['NOT_FOUND'],
});
