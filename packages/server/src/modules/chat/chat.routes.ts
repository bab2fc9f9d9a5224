import type { ChatOperations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { ChatRequestsService } from './chat-requests.service.js';

/** The Chat API: each path form maps onto the same request service, with the agent named or defaulted. */
export function chatRoutes(
  requests: ChatRequestsService,
): OperationHandlers<Omit<ChatOperations, 'getChatOpenApiSpec'>> {
  return {
    streamChatState: async ({ params, body, context }) =>
      requests.stream(params, context.credentials, body, context.signal),
    streamDeploymentChatState: async ({ params, body, context }) =>
      requests.stream(params, context.credentials, body, context.signal),
    abortChat: async ({ params, body, context }) => {
      await requests.abort(params, context.credentials, body);
      return undefined;
    },
    abortDeploymentChat: async ({ params, body, context }) => {
      await requests.abort(params, context.credentials, body);
      return undefined;
    },
  };
}
