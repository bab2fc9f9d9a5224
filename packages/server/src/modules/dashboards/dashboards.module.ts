import type { Platform } from '../../platform/platform.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { DashboardPublishService } from './dashboard-publish.service.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { DashboardsService } from './dashboards.service.js';

export interface DashboardsDependencies {
  /** Workbooks and reports are read through the workspace's service, with the caller's rights. */
  workspace: Pick<WorkspaceServices, 'dashboardSources'>;
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
  const services = {
    dashboards: new DashboardsService(database, dashboardSources),
    dashboardPublish: new DashboardPublishService(database, dashboardSources),
  };
  return {
    services,
    handlers: { ...dashboardsRoutes(services) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DashboardsModule = ReturnType<typeof createDashboardsModule>;
export type DashboardsServices = DashboardsModule['services'];
