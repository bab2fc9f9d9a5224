import {
  ListAccountNotificationsQuery,
  NotificationsListResponse,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const listAccountNotifications = defineOperation({
  operationId: 'listAccountNotifications',
  method: 'GET',
  path: '/api/v1/notifications',
  tag: 'Notifications',
  summary: 'List scheduled notifications of every deployment of the account',
  description:
    "The account-wide list (SPEC.md `GET /notifications`): notifications of the deployments the caller may read, on dashboards the caller may see; the same filters as the deployment's list, plus `deploymentId`. Ordered by id.",
  action: 'ContentRead',
  query: ListAccountNotificationsQuery,
  response: NotificationsListResponse,
});
