import { AgentApiKeyIdParams } from '../../schemas/agent.schema.js';
import { defineOperation } from '../operation.js';

export const deleteAgentApiKey = defineOperation({
  operationId: 'deleteAgentApiKey',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/agents/{agentId}/api-keys/{keyId}',
  tag: 'Agents',
  summary: "Delete an agent's API key; it stops working at once",
  description: "Needs an admin's rights on the deployment, like creating one.",
  action: 'DeploymentManage',
  params: AgentApiKeyIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
