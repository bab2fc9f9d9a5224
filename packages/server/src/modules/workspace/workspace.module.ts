import type { Platform } from '../../platform/platform.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { ContentAccessService } from './content-access.service.js';
import { ContentOwners } from './content-owners.js';
import { foldersRoutes } from './folders.routes.js';
import { FoldersService } from './folders.service.js';
import { workspaceRoutes } from './workspace.routes.js';
import { WorkspaceItemsService } from './workspace-items.service.js';

export interface WorkspaceDependencies {
  identity: Pick<IdentityServices, 'authorization' | 'userGroups' | 'credentialOwners'>;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
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
  const folders = new FoldersService(database, contentAccess);
  const workspaceItems = new WorkspaceItemsService(database, contentAccess);
  const services = { contentAccess, contentOwners, folders, workspaceItems };
  return {
    services,
    handlers: { ...foldersRoutes(folders), ...workspaceRoutes(workspaceItems) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type WorkspaceModule = ReturnType<typeof createWorkspaceModule>;
export type WorkspaceServices = WorkspaceModule['services'];
