import { AgentIdParams, CreateAgentApiKeyInput, CreatedAgentApiKey } from '../../schemas/agent.schema.js';
import { defineOperation } from '../operation.js';

export const createAgentApiKey = defineOperation({
  operationId: 'createAgentApiKey',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/agents/{agentId}/api-keys',
  tag: 'Agents',
  summary: 'Create an API key for the Chat API; the key is in `token`, shown this once',
  description:
    "Its holder chats as any user or group of the account, so it needs an admin's rights on the deployment: a developer, or a key limited to developer, gets 403.",
  action: 'DeploymentManage',
  params: AgentIdParams,
  body: CreateAgentApiKeyInput,
  isBodyRequired: false,
  successStatus: 201,
  response: CreatedAgentApiKey,
  errors: ['NOT_FOUND'],
});
