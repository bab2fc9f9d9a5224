import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardPublishService } from './dashboard-publish.service.js';
import type { DashboardWidgetChatService } from './dashboard-widget-chat.service.js';
import type { DashboardsService } from './dashboards.service.js';

type DashboardOperations = Pick<
  Operations,
  | 'publishDashboard'
  | 'getDashboard'
  | 'getDashboardByPublicId'
  | 'getDashboardWidgetThread'
  | 'streamDashboardWidgetChat'
>;

export interface DashboardsRouteServices {
  dashboards: DashboardsService;
  dashboardPublish: DashboardPublishService;
  dashboardWidgetChat: DashboardWidgetChatService;
}

export function dashboardsRoutes(services: DashboardsRouteServices): OperationHandlers<DashboardOperations> {
  const { dashboards, dashboardPublish, dashboardWidgetChat } = services;
  return {
    publishDashboard: ({ params, body, context }) =>
      dashboardPublish.publish(context.principal, params.deploymentId, params.workbookId, body),
    getDashboard: ({ params, query, context }) =>
      dashboards.get(context.principal, params.deploymentId, params.dashboardId, query.versionNumber),
    getDashboardByPublicId: ({ params, context }) =>
      dashboards.getByPublicId(context.principal, params.publicId),
    getDashboardWidgetThread: ({ params, context }) =>
      dashboardWidgetChat.thread(context.principal, params.deploymentId, params.dashboardId, params.widgetId),
    streamDashboardWidgetChat: ({ params, body, context }) =>
      dashboardWidgetChat.stream(
        context.principal,
        params.deploymentId,
        params.dashboardId,
        params.widgetId,
        body,
        context.signal,
      ),
  };
}
