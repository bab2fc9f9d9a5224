import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardPublishService } from './dashboard-publish.service.js';
import type { DashboardsService } from './dashboards.service.js';

type DashboardOperations = Pick<Operations, 'publishDashboard' | 'getDashboard' | 'getDashboardByPublicId'>;

export interface DashboardsRouteServices {
  dashboards: DashboardsService;
  dashboardPublish: DashboardPublishService;
}

export function dashboardsRoutes(services: DashboardsRouteServices): OperationHandlers<DashboardOperations> {
  const { dashboards, dashboardPublish } = services;
  return {
    publishDashboard: ({ params, body, context }) =>
      dashboardPublish.publish(context.principal, params.deploymentId, params.workbookId, body),
    getDashboard: ({ params, query, context }) =>
      dashboards.get(context.principal, params.deploymentId, params.dashboardId, query.versionNumber),
    getDashboardByPublicId: ({ params, context }) =>
      dashboards.getByPublicId(context.principal, params.publicId),
  };
}
