import { FileReply, type Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardChangesService } from './dashboard-changes.service.js';
import type { DashboardDraftsService } from './dashboard-drafts.service.js';
import type { DashboardListService } from './dashboard-list.service.js';
import type { DashboardPublishService } from './dashboard-publish.service.js';
import type { DashboardPythonService } from './dashboard-python.service.js';
import type { DashboardWidgetChatService } from './dashboard-widget-chat.service.js';
import type { DashboardWidgetRunsService } from './dashboard-widget-runs.service.js';
import type { DashboardsService } from './dashboards.service.js';

type DashboardOperations = Pick<
  Operations,
  | 'publishDashboard'
  | 'getDashboard'
  | 'getDashboardByPublicId'
  | 'getDashboardWidgetThread'
  | 'streamDashboardWidgetChat'
  | 'runDashboardPython'
  | 'listDashboards'
  | 'listDashboardVersions'
  | 'updateDashboard'
  | 'updatePublishedAiWidgetThread'
  | 'updateWorkbookDashboard'
  | 'runDashboardWidget'
>;

export interface DashboardsRouteServices {
  dashboards: DashboardsService;
  dashboardPublish: DashboardPublishService;
  dashboardWidgetChat: DashboardWidgetChatService;
  dashboardPython: DashboardPythonService;
  dashboardList: DashboardListService;
  dashboardChanges: DashboardChangesService;
  dashboardDrafts: DashboardDraftsService;
  dashboardWidgetRuns: DashboardWidgetRunsService;
}

export function dashboardsRoutes(services: DashboardsRouteServices): OperationHandlers<DashboardOperations> {
  const {
    dashboards,
    dashboardPublish,
    dashboardList,
    dashboardChanges,
    dashboardDrafts,
    dashboardWidgetChat,
    dashboardPython,
    dashboardWidgetRuns,
  } = services;
  return {
    publishDashboard: ({ params, body, context }) =>
      dashboardPublish.publish(context.principal, params.deploymentId, params.workbookId, body),
    getDashboard: ({ params, query, context }) =>
      dashboards.get(context.principal, params.deploymentId, params.dashboardId, query.versionNumber),
    getDashboardByPublicId: ({ params, context }) =>
      dashboards.getByPublicId(context.principal, params.publicId),
    runDashboardPython: ({ params, body, context }) =>
      dashboardPython.run(context.viewer, params.publicId, body ?? {}),
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
    listDashboards: ({ params, query, context }) =>
      dashboardList.list(context.principal, params.deploymentId, query),
    listDashboardVersions: ({ params, query, context }) =>
      dashboardList.versions(context.principal, params.deploymentId, params.dashboardId, query),
    updateDashboard: ({ params, body, context }) =>
      dashboardChanges.update(context.principal, params.deploymentId, params.dashboardId, body),
    updatePublishedAiWidgetThread: ({ params, body, context }) =>
      dashboardChanges.attachAiThread(context.principal, params.deploymentId, params.workbookId, body),
    updateWorkbookDashboard: ({ params, body, context }) =>
      dashboardDrafts.save(context.principal, params.deploymentId, params.workbookId, body),
    runDashboardWidget: async ({ params, query, body, context }) => {
      if (query.format !== 'csv') return dashboardWidgetRuns.run(context.viewer, params, body);
      const csv = await dashboardWidgetRuns.runAsCsv(context.viewer, params, body);
      return new FileReply('text/csv', csv.filename, csv.content);
    },
  };
}
