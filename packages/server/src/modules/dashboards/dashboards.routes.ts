import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardPublishService } from './dashboard-publish.service.js';
import type { DashboardPythonService } from './dashboard-python.service.js';
import type { DashboardWidgetChatService } from './dashboard-widget-chat.service.js';
import type { DashboardsService } from './dashboards.service.js';

type DashboardOperations = Pick<
  Operations,
  | 'publishDashboard'
  | 'getDashboard'
  | 'getDashboardByPublicId'
  | 'getDashboardWidgetThread'
  | 'streamDashboardWidgetChat'
  | 'runDashboardPython'
>;

export interface DashboardsRouteServices {
  dashboards: DashboardsService;
  dashboardPublish: DashboardPublishService;
  dashboardWidgetChat: DashboardWidgetChatService;
  dashboardPython: DashboardPythonService;
}

export function dashboardsRoutes(services: DashboardsRouteServices): OperationHandlers<DashboardOperations> {
  const { dashboards, dashboardPublish, dashboardWidgetChat, dashboardPython } = services;
  return {
    publishDashboard: ({ params, body, context }) =>
      dashboardPublish.publish(context.principal, params.deploymentId, params.workbookId, body),
    getDashboard: ({ params, query, context }) =>
      dashboards.get(context.principal, params.deploymentId, params.dashboardId, query.versionNumber),
    getDashboardByPublicId: ({ params, context }) =>
      dashboards.getByPublicId(context.principal, params.publicId),
    runDashboardPython: ({ params, body, context }) =>
      dashboardPython.run(context.principal, params.publicId, body ?? {}),
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
