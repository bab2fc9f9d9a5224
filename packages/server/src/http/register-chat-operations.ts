import type { OperationDefinition } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChatCredentials } from '../modules/chat/chat-authentication.service.js';
import { registerChatErrorHandling } from './chat-error-handler.js';
import { sendNdjson } from './ndjson-reply.js';
import type { OperationHandler } from './operation-handler.js';
import { parseInput } from './parse-input.js';
import { toRouterPath } from './register-operations.js';

/** API-NOTES.md "Chat API": the stream is `application/json`, one object per line, flushed as produced. */
const chatStreamContentType = 'application/json; charset=utf-8';

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text : null;
}

/** The raw credentials; which one wins and what it proves is the chat module's business. */
function credentialsOf(request: FastifyRequest): ChatCredentials {
  return {
    authorization: headerOf(request, 'authorization'),
    platformToken: headerOf(request, 'x-platform-auth-token'),
  };
}

/**
 * Registers the Chat API's operations in a scope of their own, with the chat error rules. Order of checks:
 * input validation (400), then the handler, which finds the agent (404) and authenticates (a JSON-RPC
 * failure in a 200): the credential is checked against the path's agent, so it comes after the path.
 */
export function registerChatOperations(
  app: FastifyInstance,
  operations: Record<string, OperationDefinition>,
  handlers: Record<string, OperationHandler<OperationDefinition>>,
  options: { bodyLimitBytes: number },
): void {
  app.register(async (scope) => {
    registerChatErrorHandling(scope, options.bodyLimitBytes);
    for (const [operationId, operation] of Object.entries(operations)) {
      const handler = handlers[operationId];
      if (!handler) throw new Error(`no handler for operation ${operationId}`);
      scope.route({
        method: operation.method,
        url: toRouterPath(operation.path),
        ...(operation.bodyLimitBytes !== null ? { bodyLimit: operation.bodyLimitBytes } : {}),
        handler: async (request, reply) => {
          const input = parseInput(operation, {
            params: request.params,
            query: request.query,
            body: request.body,
          });
          // The client going away ends its subscription only; the answer itself runs on.
          const clientGone = new AbortController();
          reply.raw.on('close', () => {
            if (!reply.raw.writableFinished) clientGone.abort();
          });
          const output = await handler({
            params: input.params,
            query: input.query,
            body: input.body,
            context: {
              credentials: credentialsOf(request),
              signal: clientGone.signal,
              requestId: request.id,
              logger: request.log,
            },
          } as unknown as Parameters<typeof handler>[0]);
          reply.status(operation.successStatus);
          if (operation.responseContentType === 'application/x-ndjson') {
            return sendNdjson(
              request,
              reply,
              output as AsyncIterable<unknown>,
              operation.response,
              chatStreamContentType,
            );
          }
          if (operation.successStatus === 204 || operation.response === null) return reply.send();
          return reply.send(operation.response.parse(output));
        },
      });
    }
  });
}
