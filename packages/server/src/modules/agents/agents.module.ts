import type { Platform } from '../../platform/platform.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { AgentApiKeysService } from './agent-api-keys.service.js';
import { agentsRoutes } from './agents.routes.js';
import { AgentsService } from './agents.service.js';
import { ChatAgentDirectory } from './chat-agent.directory.js';
import { ChatAuthSettingsService } from './chat-auth-settings.service.js';
import { DemoAgentService } from './demo-agent.service.js';

export interface AgentsDependencies {
  identity: Pick<IdentityServices, 'accounts'>;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
}

/**
 * Agents of deployments, their API keys and chat-auth settings (all cascade with their deployment's row),
 * and the directory the Chat API resolves agents and keys through.
 */
export function createAgentsModule(
  platform: Pick<Platform, 'store' | 'secretBox' | 'changeFeed'>,
  dependencies: AgentsDependencies,
) {
  const { secretBox, changeFeed } = platform;
  const { database } = platform.store;
  const { deploymentAccess } = dependencies.deployments;
  const chatAuthSettings = new ChatAuthSettingsService(database, deploymentAccess, secretBox);
  const chatAgents = new ChatAgentDirectory(
    database,
    secretBox,
    dependencies.identity.accounts,
    chatAuthSettings,
  );
  const services = {
    agents: new AgentsService(database, deploymentAccess, secretBox, changeFeed),
    agentApiKeys: new AgentApiKeysService(database, deploymentAccess, changeFeed),
    chatAuthSettings,
    chatAgents,
    demoAgent: new DemoAgentService(database),
  };
  let unsubscribe: (() => void) | null = null;
  return {
    services,
    handlers: agentsRoutes(services),
    async start() {
      // An agent, key or deployment changed in another process drops this process's kept agents.
      unsubscribe = changeFeed.subscribe((topic) => chatAgents.handleChange(topic));
    },
    async close() {
      unsubscribe?.();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type AgentsModule = ReturnType<typeof createAgentsModule>;
export type AgentsServices = AgentsModule['services'];
