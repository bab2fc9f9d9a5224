import { ChatStreamInput, ChatStreamMessage } from '../../schemas/chat.schema.js';
import { defineOperation } from '../operation.js';
import { ChatDeploymentParams, chatErrors, chatPath, chatStreamDescription } from './chat-path.js';

export const streamDeploymentChatState = defineOperation({
  operationId: 'streamDeploymentChatState',
  method: 'POST',
  path: chatPath('deployments/{deploymentId}', 'stream-chat-state'),
  tag: 'Chat',
  summary: "Ask the deployment's default agent a question, streamed one message per line",
  description: `${chatStreamDescription} This form accepts only platform tokens: an API key answers 403 \`agentId is required for Api-Key authentication\`.`,
  action: null,
  authScheme: 'chat',
  params: ChatDeploymentParams,
  body: ChatStreamInput,
  response: ChatStreamMessage,
  responseContentType: 'application/x-ndjson',
  errors: chatErrors,
});
