import { ChatAbortInput } from '../../schemas/chat.schema.js';
import { defineOperation } from '../operation.js';
import { ChatAgentParams, chatErrors, chatPath } from './chat-path.js';

export const abortChat = defineOperation({
  operationId: 'abortChat',
  method: 'POST',
  path: chatPath('agents/{agentId}', 'abort'),
  tag: 'Chat',
  summary: 'Stop the answer a thread is streaming; 204 when the abort was requested',
  description:
    "Only the thread's user may abort it: 403 for anyone else, 404 for an unknown `chatId`. Credentials as for streaming; with an API key, `sessionSettings.externalId` (or `internalId`) names the user.",
  action: null,
  authScheme: 'chat',
  params: ChatAgentParams,
  body: ChatAbortInput,
  successStatus: 204,
  errors: chatErrors,
});
