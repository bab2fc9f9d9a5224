import type { Platform } from '../../platform/platform.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { ContentAccessService } from './content-access.service.js';
import { ContentOwners } from './content-owners.js';
import { reportRunsRoutes } from './report-runs.routes.js';
import { ReportRunsService } from './report-runs.service.js';

export interface WorkspaceDependencies {
  identity: Pick<IdentityServices, 'authorization' | 'userGroups' | 'credentialOwners'>;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
  /** Report runs query the data through the data API, as the caller. */
  dataApi: Pick<DataApiServices, 'reportQueries'>;
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
  const reportRuns = new ReportRunsService(database, contentAccess, dependencies.dataApi.reportQueries);
  const services = { contentAccess, contentOwners, reportRuns };
  return {
    services,
    handlers: {
      ...reportRunsRoutes(services),
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type WorkspaceModule = ReturnType<typeof createWorkspaceModule>;
export type WorkspaceServices = WorkspaceModule['services'];
