import { FileReply, type Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardPublishService } from './dashboard-publish.service.js';
import type { DashboardWidgetRunsService } from './dashboard-widget-runs.service.js';
import type { DashboardsService } from './dashboards.service.js';

type DashboardOperations = Pick<
  Operations,
  'publishDashboard' | 'getDashboard' | 'getDashboardByPublicId' | 'runDashboardWidget'
>;

export interface DashboardsRouteServices {
  dashboards: DashboardsService;
  dashboardPublish: DashboardPublishService;
  dashboardWidgetRuns: DashboardWidgetRunsService;
}

export function dashboardsRoutes(services: DashboardsRouteServices): OperationHandlers<DashboardOperations> {
  const { dashboards, dashboardPublish, dashboardWidgetRuns } = services;
  return {
    publishDashboard: ({ params, body, context }) =>
      dashboardPublish.publish(context.principal, params.deploymentId, params.workbookId, body),
    getDashboard: ({ params, query, context }) =>
      dashboards.get(context.principal, params.deploymentId, params.dashboardId, query.versionNumber),
    getDashboardByPublicId: ({ params, context }) =>
      dashboards.getByPublicId(context.principal, params.publicId),
    runDashboardWidget: async ({ params, query, body, context }) => {
      if (query.format !== 'csv') return dashboardWidgetRuns.run(context.principal, params, body);
      const csv = await dashboardWidgetRuns.runAsCsv(context.principal, params, body);
      return new FileReply('text/csv', csv.filename, csv.content);
    },
  };
}
