import { DashboardWidgetParams, DashboardWidgetThread } from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const getDashboardWidgetThread = defineOperation({
  operationId: 'getDashboardWidgetThread',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dashboards/{dashboardId}/widgets/{widgetId}/thread',
  tag: 'Dashboards',
  summary: 'The chat thread an AI widget shows',
  description:
    'The messages of the thread attached to the `AI` widget (its `config.threadId`, set by publishing or by `ai-widget-thread`), for anyone who may view the dashboard: the thread is part of what was published. A widget of another type is a 400.',
  action: 'ContentRead',
  params: DashboardWidgetParams,
  response: DashboardWidgetThread,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
