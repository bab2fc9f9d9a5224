import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ListNotificationsQuery, NotificationsListResponse } from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const listNotifications = defineOperation({
  operationId: 'listNotifications',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/notifications',
  tag: 'Notifications',
  summary: 'List the scheduled notifications of a deployment',
  description:
    'Notifications on dashboards the caller may see. `recipientExternalId` needs `recipientEmbedTenantName`. Ordered by id.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListNotificationsQuery,
  response: NotificationsListResponse,
  errors: ['NOT_FOUND'],
});
