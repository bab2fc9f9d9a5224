import { ChatAuthSettings } from '../../schemas/agent.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const getChatAuthSettings = defineOperation({
  operationId: 'getChatAuthSettings',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/chat-auth',
  tag: 'Agents',
  summary: "The deployment's settings for platform tokens on the Chat API",
  description: 'The secret reads back as `[ENCRYPTED]`.',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  response: ChatAuthSettings,
  errors: ['NOT_FOUND'],
});
