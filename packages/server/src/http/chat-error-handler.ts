import { type ErrorCode, errorCatalogue } from '@platform/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { redactUrlCredentials, redactUrlCredentialsDeep } from '../platform/crypto/url-credentials.js';
import { describeFastifyError } from './error-handler.js';

/** JSON-RPC's "server error" range; the Chat API's clients recognise an authentication failure by it. */
export const chatAuthenticationErrorCode = -32001;

/** The Chat API's error body: `error` is the message itself (`{"error":"Streaming for thread is in progress"}`). */
export function chatErrorBody(code: ErrorCode, message: string, requestId: string, details?: unknown) {
  return {
    error: redactUrlCredentials(message),
    statusCode: errorCatalogue[code].status,
    code,
    requestId,
    ...(details === undefined ? {} : { details: redactUrlCredentialsDeep(details) }),
  };
}

/**
 * The Chat API's error rules, for the routes registered in `scope`: an authentication failure is a
 * JSON-RPC error object in an HTTP 200 (SPEC.md "Errors"); any other error is its status with the chat
 * error body.
 */
export function registerChatErrorHandling(scope: FastifyInstance, bodyLimitBytes: number): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'UNAUTHORIZED') {
        return reply.status(200).send({
          jsonrpc: '2.0',
          id: null,
          error: { code: chatAuthenticationErrorCode, message: redactUrlCredentials(error.message) },
        });
      }
      const body = chatErrorBody(error.code, error.message, request.id, error.details);
      if (body.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(body.statusCode).send(body);
    }
    const described = describeFastifyError(error, request, bodyLimitBytes);
    if (described) {
      const body = chatErrorBody(described.code, described.message, request.id);
      return reply.status(body.statusCode).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        chatErrorBody(
          'INTERNAL_SERVER_ERROR',
          'internal server error; quote the request id when reporting it',
          request.id,
        ),
      );
  });
}
