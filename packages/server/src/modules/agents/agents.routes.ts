import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { AgentApiKeysService } from './agent-api-keys.service.js';
import type { AgentsService } from './agents.service.js';
import type { ChatAuthSettingsService } from './chat-auth-settings.service.js';

type AgentOperations = Pick<
  Operations,
  | 'listAgents'
  | 'createAgent'
  | 'getAgent'
  | 'updateAgent'
  | 'deleteAgent'
  | 'listAgentApiKeys'
  | 'createAgentApiKey'
  | 'deleteAgentApiKey'
  | 'getChatAuthSettings'
  | 'updateChatAuthSettings'
>;

export interface AgentsModuleServices {
  agents: AgentsService;
  agentApiKeys: AgentApiKeysService;
  chatAuthSettings: ChatAuthSettingsService;
}

export function agentsRoutes(services: AgentsModuleServices): OperationHandlers<AgentOperations> {
  const { agents, agentApiKeys, chatAuthSettings } = services;
  return {
    listAgents: ({ params, context }) => agents.list(context.principal, params.deploymentId),
    createAgent: ({ params, body, context }) => agents.create(context.principal, params.deploymentId, body),
    getAgent: ({ params, context }) => agents.get(context.principal, params.deploymentId, params.agentId),
    updateAgent: ({ params, body, context }) =>
      agents.update(context.principal, params.deploymentId, params.agentId, body),
    deleteAgent: ({ params, context }) =>
      agents.delete(context.principal, params.deploymentId, params.agentId),
    listAgentApiKeys: ({ params, context }) =>
      agentApiKeys.list(context.principal, params.deploymentId, params.agentId),
    createAgentApiKey: ({ params, body, context }) =>
      agentApiKeys.create(context.principal, params.deploymentId, params.agentId, body),
    deleteAgentApiKey: ({ params, context }) =>
      agentApiKeys.delete(context.principal, params.deploymentId, params.agentId, params.keyId),
    getChatAuthSettings: ({ params, context }) =>
      chatAuthSettings.get(context.principal, params.deploymentId),
    updateChatAuthSettings: ({ params, body, context }) =>
      chatAuthSettings.update(context.principal, params.deploymentId, body),
  };
}
