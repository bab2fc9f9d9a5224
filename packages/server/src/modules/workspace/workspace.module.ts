import type { Platform } from '../../platform/platform.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { ContentAccessService } from './content-access.service.js';
import { ContentOwners } from './content-owners.js';
import { ReportListService } from './report-list.service.js';
import { ReportPresenter } from './report-records.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';
import { WorkbookDuplicateService } from './workbook-duplicate.service.js';
import { WorkbookUpsertService } from './workbook-upsert.service.js';
import { workbooksRoutes } from './workbooks.routes.js';
import { WorkbooksService } from './workbooks.service.js';

export interface WorkspaceDependencies {
  identity: Pick<IdentityServices, 'authorization' | 'userGroups' | 'credentialOwners'>;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
  dataApi: Pick<DataApiServices, 'reportQueryCheck'>;
}

/**
 * Workspace content of deployments (tags Folders, Workbooks, Reports, Workspace): folders, workbooks and
 * reports, with rights from roles, ownership and resource policies (`content-access.service.ts`).
 */
export function createWorkspaceModule(
  platform: Pick<Platform, 'config' | 'store'>,
  dependencies: WorkspaceDependencies,
) {
  const { database } = platform.store;
  const { deploymentAccess } = dependencies.deployments;
  const { authorization, userGroups, credentialOwners } = dependencies.identity;
  const contentAccess = new ContentAccessService(database, authorization, {
    loadDeployment: (principal, deploymentId) =>
      deploymentAccess.loadListed(principal, deploymentId, 'ContentRead'),
    groupIdsOf: (accountId, userId) => userGroups.groupIdsOf(accountId, userId),
  });
  const contentOwners = new ContentOwners((accountId, userIds) =>
    credentialOwners.usersOf(accountId, userIds),
  );
  const workbooks = new WorkbooksService(database, contentAccess, contentOwners);
  const reportPresenter = new ReportPresenter(database, contentOwners);
  const { reportQueryCheck } = dependencies.dataApi;
  const reports = new ReportsService(database, contentAccess, reportPresenter, (deployment, query) =>
    reportQueryCheck.check(deployment, query),
  );
  const services = {
    contentAccess,
    contentOwners,
    workbooks,
    workbookUpsert: new WorkbookUpsertService(database, contentAccess, contentOwners),
    workbookDuplicate: new WorkbookDuplicateService(database, contentAccess, contentOwners, workbooks),
    reports,
    reportList: new ReportListService(database, contentAccess, reportPresenter),
  };
  return {
    services,
    handlers: { ...workbooksRoutes(services), ...reportsRoutes(services) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type WorkspaceModule = ReturnType<typeof createWorkspaceModule>;
export type WorkspaceServices = WorkspaceModule['services'];
