import { ChatAbortInput } from '../../schemas/chat.schema.js';
import { defineOperation } from '../operation.js';
import { ChatDeploymentParams, chatErrors, chatPath } from './chat-path.js';

export const abortDeploymentChat = defineOperation({
  operationId: 'abortDeploymentChat',
  method: 'POST',
  path: chatPath('deployments/{deploymentId}', 'abort'),
  tag: 'Chat',
  summary: "Stop the answer a thread of the deployment's default agent is streaming",
  description:
    'Accepts only platform tokens: an API key answers 403 `agentId is required for Api-Key authentication`. 403 for a thread of another user, 404 for an unknown `chatId`.',
  action: null,
  authScheme: 'chat',
  params: ChatDeploymentParams,
  body: ChatAbortInput,
  successStatus: 204,
  errors: chatErrors,
});
