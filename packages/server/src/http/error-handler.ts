import type { ErrorCode } from '@platform/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { errorBody } from './error-body.js';

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

function codeOfFastifyError(error: FastifyError): ErrorCode | null {
  const byCode = fastifyCodes[error.code];
  if (byCode) return byCode;
  if (error instanceof SyntaxError) return 'BAD_REQUEST';
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.statusCode === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'BAD_REQUEST';
  return null;
}

/** A client error Fastify raised itself (bad JSON, too large, wrong content type) as a code and message. */
export function describeFastifyError(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimitBytes: number,
): { code: ErrorCode; message: string } | null {
  const code = codeOfFastifyError(error);
  if (!code) return null;
  const message =
    code === 'PAYLOAD_TOO_LARGE'
      ? `the request body exceeds the limit of ${request.routeOptions.bodyLimit ?? bodyLimitBytes} bytes`
      : code === 'UNSUPPORTED_MEDIA_TYPE'
        ? `unsupported content type "${request.headers['content-type'] ?? ''}": send application/json`
        : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? `the request body is not valid JSON: ${error.message}`
          : error.message;
  return { code, message };
}

/** One error handler and one not-found handler: every non-2xx answer carries the same JSON body. */
export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body = errorBody(error.code, error.message, request.id, error.details);
      if (body.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(body.statusCode).send(body);
    }
    const described = describeFastifyError(error, request, bodyLimitBytes);
    if (described) {
      const body = errorBody(described.code, described.message, request.id);
      return reply.status(body.statusCode).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        errorBody(
          'INTERNAL_SERVER_ERROR',
          'internal server error; quote the request id when reporting it',
          request.id,
        ),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `no route for ${request.method} ${path}`, request.id));
  });
}
