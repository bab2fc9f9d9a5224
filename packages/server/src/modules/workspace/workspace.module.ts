import type { Platform } from '../../platform/platform.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { ContentAccessService } from './content-access.service.js';
import { ContentOwners } from './content-owners.js';
import { DashboardSourcesService } from './dashboard-sources.service.js';
import { foldersRoutes } from './folders.routes.js';
import { FoldersService } from './folders.service.js';
import { ReportFoldersService } from './report-folders.service.js';
import { ReportListService } from './report-list.service.js';
import { ReportPresenter } from './report-records.js';
import { reportRunsRoutes } from './report-runs.routes.js';
import { ReportRunsService } from './report-runs.service.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';
import { resourcePoliciesRoutes } from './resource-policies.routes.js';
import { ResourcePoliciesService } from './resource-policies.service.js';
import { WorkbookDuplicateService } from './workbook-duplicate.service.js';
import { WorkbookUpsertService } from './workbook-upsert.service.js';
import { workbooksRoutes } from './workbooks.routes.js';
import { WorkbooksService } from './workbooks.service.js';
import { workspaceRoutes } from './workspace.routes.js';
import { WorkspaceItemsService } from './workspace-items.service.js';

export interface WorkspaceDependencies {
  identity: Pick<
    IdentityServices,
    'authorization' | 'users' | 'userGroups' | 'credentialOwners' | 'grantSubjects'
  >;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
  /** Reports are checked against the model on save and run through the data API, as the caller. */
  dataApi: Pick<DataApiServices, 'reportQueryCheck' | 'reportQueries'>;
}

/**
 * Workspace content of deployments (tags Folders, Workbooks, Reports, Workspace, ResourcePolicies):
 * folders, workbooks and reports, with rights from roles, ownership and resource policies
 * (`content-access.service.ts`, `resource-policies.service.ts`).
 */
export function createWorkspaceModule(
  platform: Pick<Platform, 'config' | 'store'>,
  dependencies: WorkspaceDependencies,
) {
  const { database } = platform.store;
  const { deploymentAccess } = dependencies.deployments;
  const { authorization, users, userGroups, credentialOwners, grantSubjects } = dependencies.identity;
  const contentAccess = new ContentAccessService(database, authorization, {
    loadDeployment: (principal, deploymentId) =>
      deploymentAccess.loadListed(principal, deploymentId, 'ContentRead'),
    groupIdsOf: (accountId, userId) => userGroups.groupIdsOf(accountId, userId),
  });
  const contentOwners = new ContentOwners((accountId, userIds) =>
    credentialOwners.usersOf(accountId, userIds),
  );
  const resourcePolicies = new ResourcePoliciesService(database, contentAccess, {
    lockUser: (transaction, accountId, userId) => grantSubjects.lockUser(transaction, accountId, userId),
    lockGroup: (transaction, accountId, groupId) => grantSubjects.lockGroup(transaction, accountId, groupId),
    usersOf: (accountId, userIds) => credentialOwners.usersOf(accountId, userIds),
    groupNamesOf: (accountId, groupIds) => grantSubjects.groupNamesOf(accountId, groupIds),
  });
  // The grants of a deleted user or group go in the transaction that deletes them.
  users.onDeleted((transaction, accountId, userId) =>
    resourcePolicies.removeGrantsOf(transaction, 'user', accountId, userId),
  );
  userGroups.onDeleted((transaction, accountId, groupId) =>
    resourcePolicies.removeGrantsOf(transaction, 'group', accountId, groupId),
  );
  const workbooks = new WorkbooksService(database, contentAccess, contentOwners);
  const reportPresenter = new ReportPresenter(contentOwners);
  const { reportQueryCheck } = dependencies.dataApi;
  const reports = new ReportsService(database, contentAccess, reportPresenter, (deployment, query) =>
    reportQueryCheck.check(deployment, query),
  );
  const folders = new FoldersService(database, contentAccess);
  const services = {
    contentAccess,
    contentOwners,
    dashboardSources: new DashboardSourcesService(database, contentAccess),
    resourcePolicies,
    folders,
    workspaceItems: new WorkspaceItemsService(database, contentAccess),
    workbooks,
    workbookUpsert: new WorkbookUpsertService(database, contentAccess, contentOwners),
    workbookDuplicate: new WorkbookDuplicateService(database, contentAccess, contentOwners, workbooks),
    reports,
    reportFolders: new ReportFoldersService(database, contentAccess),
    reportList: new ReportListService(database, contentAccess, reportPresenter),
    reportRuns: new ReportRunsService(database, contentAccess, dependencies.dataApi.reportQueries),
  };
  return {
    services,
    handlers: {
      ...resourcePoliciesRoutes(resourcePolicies),
      ...workbooksRoutes(services),
      ...reportsRoutes(services),
      ...foldersRoutes(folders),
      ...workspaceRoutes(services.workspaceItems),
      ...reportRunsRoutes(services),
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type WorkspaceModule = ReturnType<typeof createWorkspaceModule>;
export type WorkspaceServices = WorkspaceModule['services'];
