import type { Platform } from '../../platform/platform.js';
import type { ChatModule } from '../chat/chat.module.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { DashboardChangesService } from './dashboard-changes.service.js';
import { DashboardDraftsService } from './dashboard-drafts.service.js';
import { DashboardEmbeddingService } from './dashboard-embedding.service.js';
import { DashboardListService } from './dashboard-list.service.js';
import { dashboardLocator } from './dashboard-locator.js';
import { DashboardPublishService } from './dashboard-publish.service.js';
import { DashboardPythonService } from './dashboard-python.service.js';
import { DashboardWidgetChatService } from './dashboard-widget-chat.service.js';
import { DashboardWidgetRunsService } from './dashboard-widget-runs.service.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { DashboardsService } from './dashboards.service.js';

export interface DashboardsDependencies {
  /**
   * Workbooks and reports are read through the workspace's service, with the caller's rights; drafts are
   * saved by its workbooks service; grants on dashboards are kept by its resource policies, which this
   * module tells where a dashboard belongs.
   */
  workspace: Pick<WorkspaceServices, 'dashboardSources' | 'workbooks' | 'resourcePolicies'>;
  /** AI widgets answer through the Chat API's agents. */
  chat: Pick<ChatModule['services'], 'accountUserChat'>;
  /** Widget runs go through the data API as the caller; a restricted CSV asks for DownloadData. */
  dataApi: Pick<DataApiServices, 'reportQueries'>;
  identity: Pick<IdentityServices, 'authorization'>;
}

/**
 * Dashboards published from workbooks (tag Dashboards, and `publishDashboard` under Workbooks): one per
 * workbook, each publish a frozen version with snapshots of the reports its widgets name.
 */
export function createDashboardsModule(
  platform: Pick<Platform, 'store' | 'python'>,
  dependencies: DashboardsDependencies,
) {
  const { database } = platform.store;
  const { dashboardSources, workbooks, resourcePolicies } = dependencies.workspace;
  const dashboards = new DashboardsService(database, dashboardSources);
  const dashboardWidgetRuns = new DashboardWidgetRunsService(
    database,
    dashboards,
    dashboardSources,
    dependencies.dataApi.reportQueries,
    dependencies.identity.authorization,
  );
  const services = {
    dashboards,
    dashboardPublish: new DashboardPublishService(database, dashboardSources),
    dashboardWidgetChat: new DashboardWidgetChatService(dashboards, dependencies.chat.accountUserChat),
    dashboardPython: new DashboardPythonService(dashboards, platform.python, dashboardWidgetRuns),
    dashboardWidgetRuns,
    dashboardList: new DashboardListService(database, dashboardSources, dashboards),
    dashboardChanges: new DashboardChangesService(database, dashboardSources, dashboards),
    dashboardDrafts: new DashboardDraftsService(database, workbooks),
    dashboardEmbedding: new DashboardEmbeddingService(database, dashboardSources, dashboards),
  };
  // Resource policies on a dashboard: the workspace keeps the grants, this module says where it belongs.
  resourcePolicies.useDashboards(dashboardLocator);
  return {
    services,
    handlers: { ...dashboardsRoutes(services) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DashboardsModule = ReturnType<typeof createDashboardsModule>;
export type DashboardsServices = DashboardsModule['services'];
