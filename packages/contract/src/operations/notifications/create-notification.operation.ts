import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { CreateNotificationInput, Notification } from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const createNotification = defineOperation({
  operationId: 'createNotification',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/notifications',
  tag: 'Notifications',
  summary: 'Schedule deliveries of a dashboard',
  description:
    "Exactly one of `dashboardId` and `dashboardPublicId`. `filters` and `timeGrains` must name the dashboard's FILTER and TIME_GRAIN widgets. An invalid cron field or time zone is a 400 naming it. Every notification gets a `webhookSecret` for its webhook recipients (now or added later), generated when not given, returned in full only in this answer.",
  action: 'ContentEdit',
  params: DeploymentIdParams,
  body: CreateNotificationInput,
  response: Notification,
  successStatus: 201,
  errors: ['NOT_FOUND', 'BAD_REQUEST'],
});
