import { AgentIdParams } from '../../schemas/agent.schema.js';
import { defineOperation } from '../operation.js';

export const deleteAgent = defineOperation({
  operationId: 'deleteAgent',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/agents/{agentId}',
  tag: 'Agents',
  summary: 'Delete an agent and its API keys',
  description: 'Deleting the default agent makes the oldest remaining agent the default.',
  action: 'DeploymentManage',
  params: AgentIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
