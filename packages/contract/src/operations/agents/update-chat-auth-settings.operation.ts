import { ChatAuthSettings, UpdateChatAuthSettingsInput } from '../../schemas/agent.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const updateChatAuthSettings = defineOperation({
  operationId: 'updateChatAuthSettings',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/chat-auth',
  tag: 'Agents',
  summary: "Change the deployment's settings for platform tokens",
  description:
    "Enabling needs a shared secret (HS256) or a JWKS URL (RS256/ES256). Fields left out keep their value; null clears one. The secret signs platform tokens with any claims, so changing the settings needs an admin's rights on the deployment (403 otherwise).",
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  body: UpdateChatAuthSettingsInput,
  response: ChatAuthSettings,
  errors: ['NOT_FOUND'],
});
