import type { Platform } from '../../platform/platform.js';
import type { AgentsServices } from '../agents/agents.module.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { AccountUserChatService } from './account-user-chat.service.js';
import { chatRoutes } from './chat.routes.js';
import { ChatAuthenticationService } from './chat-authentication.service.js';
import { ChatRequestsService } from './chat-requests.service.js';
import { ChatSessionBuilder } from './chat-session.builder.js';
import { ChatStreamService } from './chat-stream.service.js';
import { ChatThreadsRepository } from './chat-threads.repository.js';
import { ChatUsersService } from './chat-users.service.js';
import { ExternalUsersService } from './external-users.service.js';
import { PlatformTokenVerifier } from './platform-token.verifier.js';
import { createAgentTools } from './tools/create-agent-tools.js';

export interface ChatDependencies {
  identity: Pick<IdentityServices, 'users' | 'userAttributes' | 'tenantSettings'>;
  agents: Pick<AgentsServices, 'chatAgents'>;
  dataApi: Pick<DataApiServices, 'agentData'>;
}

/**
 * The Chat API: who the caller is (agent key or platform token), which chat user they act as, and the
 * answer streams (through the platform's stream bus, so any process can re-join or abort one).
 */
export function createChatModule(
  platform: Pick<Platform, 'logger' | 'store' | 'streamBus' | 'agentRunner'>,
  dependencies: ChatDependencies,
) {
  const { database } = platform.store;
  const { users, userAttributes, tenantSettings } = dependencies.identity;
  const { chatAgents } = dependencies.agents;
  const externalUsers = new ExternalUsersService(tenantSettings);
  const chatUsers = new ChatUsersService(database, externalUsers);
  // One verifier (its JWKS cache) for the Chat API and embedding's exchange of a customer's own token.
  const platformTokens = new PlatformTokenVerifier();
  const chatAuthentication = new ChatAuthenticationService(chatAgents, platformTokens);
  const chatSessions = new ChatSessionBuilder(chatUsers, {
    namesOf: (accountId) => userAttributes.namesOf(accountId),
    activeUserIdByEmail: (accountId, email) => users.activeUserIdByEmail(accountId, email),
  });
  const chatStreams = new ChatStreamService(
    database,
    platform.streamBus,
    { agentRunner: platform.agentRunner, agentData: dependencies.dataApi.agentData, createAgentTools },
    platform.logger.child({ component: 'chat' }),
  );
  const chatRequests = new ChatRequestsService(
    chatAgents,
    chatAuthentication,
    chatSessions,
    chatUsers,
    chatStreams,
    tenantSettings,
  );
  const accountUserChat = new AccountUserChatService(
    chatAgents,
    chatSessions,
    chatStreams,
    new ChatThreadsRepository(database),
    tenantSettings,
  );
  return {
    services: {
      chatUsers,
      externalUsers,
      chatAuthentication,
      chatSessions,
      chatStreams,
      chatRequests,
      accountUserChat,
      platformTokens,
    },
    handlers: chatRoutes(chatRequests),
    async close() {
      // Answers still running are stopped and stored as failed while the store and warehouses are open.
      await chatStreams.close();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type ChatModule = ReturnType<typeof createChatModule>;
