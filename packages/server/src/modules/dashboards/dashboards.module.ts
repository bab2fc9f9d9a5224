import type { Platform } from '../../platform/platform.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { DashboardPublishService } from './dashboard-publish.service.js';
import { DashboardWidgetRunsService } from './dashboard-widget-runs.service.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { DashboardsService } from './dashboards.service.js';

export interface DashboardsDependencies {
  /** Workbooks and reports are read through the workspace's service, with the caller's rights. */
  workspace: Pick<WorkspaceServices, 'dashboardSources'>;
  /** Widget runs go through the data API as the caller; a restricted CSV asks for DownloadData. */
  dataApi: Pick<DataApiServices, 'reportQueries'>;
  identity: Pick<IdentityServices, 'authorization'>;
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
    dashboardWidgetRuns: new DashboardWidgetRunsService(
      database,
      dashboards,
      dashboardSources,
      dependencies.dataApi.reportQueries,
      dependencies.identity.authorization,
    ),
  };
  return {
    services,
    handlers: { ...dashboardsRoutes(services) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DashboardsModule = ReturnType<typeof createDashboardsModule>;
export type DashboardsServices = DashboardsModule['services'];
