import type { Platform } from '../../platform/platform.js';
import type { ChatModule } from '../chat/chat.module.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { EmbedAccessService } from './embed-access.service.js';
import { EmbedPagePolicyService } from './embed-page-policy.service.js';
import { deriveEmbedSigningKey, EmbedTokenSigner } from './embed-token.signer.js';
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
  const { tenantSettings } = dependencies.identity;
  const embedViewers = new EmbedViewersService(
    database,
    embedTokens,
    async (accountId) => (await tenantSettings.settingsOf(accountId)).embedding.enabled,
  );
  const embedAccess = new EmbedAccessService(database, dependencies.dashboards.dashboardEmbedding);
  // Dashboards ask the embed rules about every embed token, without importing this module.
  dependencies.dashboards.dashboards.useEmbedViewers(embedAccess);
  // The embed page's frame-ancestors, off switch and chat address (app.ts hands it to the web pages).
  const embedPagePolicy = new EmbedPagePolicyService(
    dependencies.dashboards.dashboards,
    dependencies.identity,
    () => platform.config.chatPublicUrl,
  );
  return {
    services: { embedTokens, embedViewers, embedAccess, embedPagePolicy },
    handlers: {
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
