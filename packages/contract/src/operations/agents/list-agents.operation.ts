import { AgentsListResponse, ListAgentsQuery } from '../../schemas/agent.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const listAgents = defineOperation({
  operationId: 'listAgents',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/agents',
  tag: 'Agents',
  summary: 'List the agents of a deployment',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  query: ListAgentsQuery,
  response: AgentsListResponse,
  errors: ['NOT_FOUND'],
});
