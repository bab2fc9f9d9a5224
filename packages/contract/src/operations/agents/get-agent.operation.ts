import { Agent, AgentIdParams } from '../../schemas/agent.schema.js';
import { defineOperation } from '../operation.js';

export const getAgent = defineOperation({
  operationId: 'getAgent',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/agents/{agentId}',
  tag: 'Agents',
  summary: 'Get one agent',
  action: 'DeploymentRead',
  params: AgentIdParams,
  response: Agent,
  errors: ['NOT_FOUND'],
});
