import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardChangesService } from './dashboard-changes.service.js';
import type { DashboardDraftsService } from './dashboard-drafts.service.js';
import type { DashboardListService } from './dashboard-list.service.js';
import type { DashboardPublishService } from './dashboard-publish.service.js';
import type { DashboardsService } from './dashboards.service.js';

type DashboardOperations = Pick<
  Operations,
  | 'publishDashboard'
  | 'getDashboard'
  | 'getDashboardByPublicId'
  | 'listDashboards'
  | 'listDashboardVersions'
  | 'updateDashboard'
  | 'updatePublishedAiWidgetThread'
  | 'updateWorkbookDashboard'
>;

export interface DashboardsRouteServices {
  dashboards: DashboardsService;
  dashboardPublish: DashboardPublishService;
  dashboardList: DashboardListService;
  dashboardChanges: DashboardChangesService;
  dashboardDrafts: DashboardDraftsService;
}

export function dashboardsRoutes(services: DashboardsRouteServices): OperationHandlers<DashboardOperations> {
  const { dashboards, dashboardPublish, dashboardList, dashboardChanges, dashboardDrafts } = services;
  return {
    publishDashboard: ({ params, body, context }) =>
      dashboardPublish.publish(context.principal, params.deploymentId, params.workbookId, body),
    getDashboard: ({ params, query, context }) =>
      dashboards.get(context.principal, params.deploymentId, params.dashboardId, query.versionNumber),
    getDashboardByPublicId: ({ params, context }) =>
      dashboards.getByPublicId(context.principal, params.publicId),
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
  };
}
