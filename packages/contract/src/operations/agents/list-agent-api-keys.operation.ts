import { AgentApiKeysListResponse, AgentIdParams } from '../../schemas/agent.schema.js';
import { defineOperation } from '../operation.js';

export const listAgentApiKeys = defineOperation({
  operationId: 'listAgentApiKeys',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/agents/{agentId}/api-keys',
  tag: 'Agents',
  summary: "List an agent's API keys (never the keys themselves)",
  action: 'DeploymentRead',
  params: AgentIdParams,
  response: AgentApiKeysListResponse,
  errors: ['NOT_FOUND'],
});
