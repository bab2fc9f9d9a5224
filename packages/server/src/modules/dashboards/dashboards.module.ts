import type { Platform } from '../../platform/platform.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { DashboardPublishService } from './dashboard-publish.service.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { DashboardsService } from './dashboards.service.js';
import { widgetRunsRoutes } from './widget-runs.routes.js';
import { WidgetRunsService } from './widget-runs.service.js';

export interface DashboardsDependencies {
  /** Workbooks and reports are read through the workspace's service, with the caller's rights. */
  workspace: Pick<WorkspaceServices, 'dashboardSources'>;
  /** Widget runs go through the data API as the caller, as report runs do. */
  dataApi: Pick<DataApiServices, 'reportQueries'>;
}

/**
 * Dashboards published from workbooks (tag Dashboards, and `publishDashboard` under Workbooks): one per
 * workbook, each publish a frozen version with snapshots of the reports its widgets name.
 */
export function createDashboardsModule(
  platform: Pick<Platform, 'store'>,
  dependencies: DashboardsDependencies,
) {
  const { database } = platform.store;
  const { dashboardSources } = dependencies.workspace;
  const dashboards = new DashboardsService(database, dashboardSources);
  const services = {
    dashboards,
    dashboardPublish: new DashboardPublishService(database, dashboardSources),
    widgetRuns: new WidgetRunsService(dashboards, dependencies.dataApi.reportQueries),
  };
  return {
    services,
    handlers: { ...dashboardsRoutes(services), ...widgetRunsRoutes(services) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DashboardsModule = ReturnType<typeof createDashboardsModule>;
export type DashboardsServices = DashboardsModule['services'];
