import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type Agent = OperationResult<Operations['getAgent']>;
type AgentApiKey = OperationResult<Operations['listAgentApiKeys']>['items'][number];
type ChatAuthSettings = OperationResult<Operations['getChatAuthSettings']>;

const defaultModel = 'server default';

const agentColumns: Column<Agent>[] = [
  { header: 'ID', value: (agent) => agent.id },
  { header: 'NAME', value: (agent) => agent.name },
  { header: 'DEFAULT', value: (agent) => agent.isDefault },
  { header: 'PROVIDER', value: (agent) => agent.model.provider ?? defaultModel },
  { header: 'MODEL', value: (agent) => agent.model.model ?? defaultModel },
];

export function formatAgents(agents: readonly Agent[]): string {
  return agents.length === 0 ? 'no agents' : formatTable(agentColumns, agents);
}

export function formatAgent(agent: Agent): string {
  return formatKeyValues([
    ['id', agent.id],
    ['name', agent.name],
    ['deployment', agent.deploymentId],
    ['default', agent.isDefault],
    ['instructions', agent.instructions],
    ['provider', agent.model.provider ?? defaultModel],
    ['base url', agent.model.baseUrl ?? defaultModel],
    ['model', agent.model.model ?? defaultModel],
    ['api key', agent.model.apiKey ?? defaultModel],
    ['created', agent.createdAt],
    ['updated', agent.updatedAt],
  ]);
}

const keyColumns: Column<AgentApiKey>[] = [
  { header: 'ID', value: (key) => key.id },
  { header: 'NAME', value: (key) => key.name },
  { header: 'PREFIX', value: (key) => key.tokenPrefix },
  { header: 'CREATED', value: (key) => key.createdAt },
  { header: 'LAST USED', value: (key) => key.lastUsedAt },
];

export function formatAgentApiKeys(keys: readonly AgentApiKey[]): string {
  return keys.length === 0 ? 'no API keys' : formatTable(keyColumns, keys);
}

export function formatChatAuthSettings(settings: ChatAuthSettings): string {
  return formatKeyValues([
    ['enabled', settings.enabled],
    ['secret', settings.secret],
    ['jwks url', settings.jwksUrl],
    ['custom check url', settings.customCheckUrl],
    ['issuer', settings.issuer],
    ['audience', settings.audience],
  ]);
}
