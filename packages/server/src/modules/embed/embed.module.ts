import type { Platform } from '../../platform/platform.js';
import type { ChatModule } from '../chat/chat.module.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { EmbedAccessService } from './embed-access.service.js';
import { EmbedGroupMembersService } from './embed-group-members.service.js';
import { EmbedGroupsService } from './embed-groups.service.js';
import { embedTenantsRoutes } from './embed-tenants.routes.js';
import { EmbedTenantsService } from './embed-tenants.service.js';
import { deriveEmbedSigningKey, EmbedTokenSigner } from './embed-token.signer.js';
import { EmbedUsersReader } from './embed-users.reader.js';
import { embedViewerRoutes } from './embed-viewer.routes.js';
import { EmbedViewersService } from './embed-viewers.service.js';

export interface EmbedDependencies {
  identity: IdentityServices;
  deployments: DeploymentsServices;
  /** Embed users are the Chat API's external users: one pool, one cap (`externalUsersLimit`). */
  chat: ChatModule['services'];
  workspace: WorkspaceServices;
  dashboards: DashboardsServices;
}

/**
 * Signed embedding (API-NOTES.md "Embedding"): sessions a host application generates for its customers,
 * the embed tokens they become, embed tenants with their groups and users, and who may open which
 * workbook's dashboard embedded.
 */
export function createEmbedModule(
  platform: Pick<Platform, 'config' | 'logger' | 'store' | 'secretKey'>,
  dependencies: EmbedDependencies,
) {
  const { database } = platform.store;
  const embedTokens = new EmbedTokenSigner(deriveEmbedSigningKey(platform.secretKey));
  const { chatUsers } = dependencies.chat;
  const embedUsers = new EmbedUsersReader(database, chatUsers);
  const embedTenants = new EmbedTenantsService(
    database,
    dependencies.identity.authorization,
    chatUsers,
    embedUsers,
  );
  const embedGroups = new EmbedGroupsService(database, embedTenants, chatUsers);
  const embedGroupMembers = new EmbedGroupMembersService(
    database,
    embedTenants,
    embedGroups,
    chatUsers,
    embedUsers,
  );
  const { tenantSettings } = dependencies.identity;
  const embedViewers = new EmbedViewersService(
    database,
    embedTokens,
    async (accountId) => (await tenantSettings.settingsOf(accountId)).embedding.enabled,
  );
  const embedAccess = new EmbedAccessService(database, dependencies.dashboards.dashboardEmbedding);
  // Dashboards ask the embed rules about every embed token, without importing this module.
  dependencies.dashboards.dashboards.useEmbedViewers(embedAccess);
  return {
    services: {
      embedTokens,
      embedTenants,
      embedGroups,
      embedGroupMembers,
      embedViewers,
      embedAccess,
    },
    handlers: {
      ...embedTenantsRoutes(embedTenants, embedGroups, embedGroupMembers),
      ...embedViewerRoutes({
        dashboards: dependencies.dashboards.dashboards,
        dashboardEmbedding: dependencies.dashboards.dashboardEmbedding,
        embedAccess,
      }),
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type EmbedModule = ReturnType<typeof createEmbedModule>;
export type EmbedServices = EmbedModule['services'];
