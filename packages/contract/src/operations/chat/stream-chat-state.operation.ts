import { ChatStreamInput, ChatStreamMessage } from '../../schemas/chat.schema.js';
import { defineOperation } from '../operation.js';
import { ChatAgentParams, chatErrors, chatPath, chatStreamDescription } from './chat-path.js';

export const streamChatState = defineOperation({
  operationId: 'streamChatState',
  method: 'POST',
  path: chatPath('agents/{agentId}', 'stream-chat-state'),
  tag: 'Chat',
  summary: "Ask an agent a question, or read a thread's state, streamed one message per line",
  description: chatStreamDescription,
  action: null,
  authScheme: 'chat',
  params: ChatAgentParams,
  body: ChatStreamInput,
  response: ChatStreamMessage,
  responseContentType: 'application/x-ndjson',
  errors: chatErrors,
});
