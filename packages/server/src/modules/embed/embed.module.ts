import type { Platform } from '../../platform/platform.js';
import type { AgentsServices } from '../agents/agents.module.js';
import type { ChatModule } from '../chat/chat.module.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import type { WorkspaceServices } from '../workspace/workspace.module.js';
import { embedSessionRoutes } from './embed.routes.js';
import { EmbedAccessService } from './embed-access.service.js';
import { EmbedChatAuthenticator } from './embed-chat.authenticator.js';
import { EmbedGroupMembersService } from './embed-group-members.service.js';
import { EmbedGroupsService } from './embed-groups.service.js';
import { EmbedPagePolicyService } from './embed-page-policy.service.js';
import { EmbedPlacementStore } from './embed-placement.store.js';
import { EmbedPlatformTokensService } from './embed-platform-tokens.service.js';
import { EmbedRecipientsService } from './embed-recipients.service.js';
import { EmbedSessionsService } from './embed-sessions.service.js';
import { embedTenantsRoutes } from './embed-tenants.routes.js';
import { EmbedTenantsService } from './embed-tenants.service.js';
import { deriveEmbedSigningKey, EmbedTokenSigner } from './embed-token.signer.js';
import { EmbedTokenExchangeService } from './embed-token-exchange.service.js';
import { EmbedUserProvisioner } from './embed-user.provisioner.js';
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
  /** A deployment's own token auth (chat-auth settings) checks a customer's JWT exchanged for an embed token. */
  agents: Pick<AgentsServices, 'chatAgents'>;
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
  const { users, userAttributes, tenantSettings } = dependencies.identity;
  const { chatUsers, chatAuthentication, platformTokens } = dependencies.chat;
  const embedTokens = new EmbedTokenSigner(deriveEmbedSigningKey(platform.secretKey));
  const provisioner = new EmbedUserProvisioner(chatUsers, new EmbedPlacementStore());
  const embedSessions = new EmbedSessionsService(
    dependencies.deployments.deploymentAccess,
    {
      settingsOf: (accountId) => tenantSettings.settingsOf(accountId),
      activeUserIdByEmail: (accountId, email) => users.activeUserIdByEmail(accountId, email),
      userAttributeNamesOf: (accountId) => userAttributes.namesOf(accountId),
    },
    provisioner,
  );
  const embedTokenExchange = new EmbedTokenExchangeService(database, embedTokens, tenantSettings);
  const embedPlatformTokens = new EmbedPlatformTokensService(
    {
      accountOfDeployment: async (deploymentId) =>
        (await dependencies.deployments.deploymentAccess.loadForSystem(deploymentId))?.accountId ?? null,
      dashboardsByPublicId: (publicId) => dependencies.dashboards.dashboards.locateByPublicId(publicId),
    },
    {
      verify: async (deploymentId, token) =>
        platformTokens.verifyClaims(
          token,
          await dependencies.agents.chatAgents.chatAuthSettingsOf(deploymentId),
        ),
    },
    tenantSettings,
    provisioner,
    embedTokens,
  );
  // The Chat API takes embed tokens in X-Platform-Auth-Token; chat never imports this module.
  chatAuthentication.useEmbedTokens(
    new EmbedChatAuthenticator(embedTokens, chatUsers, {
      settingsOf: (accountId) => tenantSettings.settingsOf(accountId),
      activeUserIdByEmail: (accountId, email) => users.activeUserIdByEmail(accountId, email),
    }),
  );

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
  const isEmbeddingEnabled = async (accountId: number) =>
    (await tenantSettings.settingsOf(accountId)).embedding.enabled;
  const embedViewers = new EmbedViewersService(database, embedTokens, isEmbeddingEnabled);
  const embedAccess = new EmbedAccessService(database, dependencies.dashboards.dashboardEmbedding);
  // Dashboards ask the embed rules about every embed token, without importing this module.
  dependencies.dashboards.dashboards.useEmbedViewers(embedAccess);
  // The embed page's frame-ancestors, off switch and chat address (app.ts hands it to the web pages).
  const embedPagePolicy = new EmbedPagePolicyService(
    dependencies.dashboards.dashboards,
    dependencies.identity,
    () => platform.config.chatPublicUrl,
  );
  const services = {
    embedTokens,
    embedSessions,
    embedTokenExchange,
    embedPlatformTokens,
    embedTenants,
    embedGroups,
    embedGroupMembers,
    embedViewers,
    embedAccess,
    embedPagePolicy,
    /** Embed users as notification recipients: their latest session's claims. */
    embedRecipients: new EmbedRecipientsService(database, chatUsers, isEmbeddingEnabled),
  };
  return {
    services,
    handlers: {
      ...embedSessionRoutes({ embedSessions, embedTokenExchange, embedPlatformTokens }),
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
