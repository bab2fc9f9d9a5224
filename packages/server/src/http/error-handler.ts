import { type ErrorCode, errorCatalogue } from '@platform/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { isTransactionConflict, missingReferenceOf } from '../platform/database/store-refusals.js';
import type { ErrorWriter, SurfaceError } from './surface.js';

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/** Client errors by status, for the ones Fastify raises without a code of its own listed above. */
const codesOfStatus: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
};

function codeOfFastifyError(error: FastifyError): ErrorCode | null {
  const byCode = fastifyCodes[error.code];
  if (byCode) return byCode;
  if (error instanceof SyntaxError) return 'BAD_REQUEST';
  const byStatus = error.statusCode ? codesOfStatus[error.statusCode] : undefined;
  if (byStatus) return byStatus;
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
          : error.code === 'FST_ERR_BAD_URL'
            ? 'the URL has an invalid percent-escape (%XX must encode UTF-8)'
            : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
              ? 'a path parameter is longer than 100 characters'
              : error.message;
  return { code, message };
}

const routeMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** How a 404 names a row of these tables; another table is named by the column that pointed at it. */
const rowNames: Record<string, string> = {
  content_folders: 'folder',
  workbooks: 'workbook',
  reports: 'report',
  deployments: 'deployment',
};

/**
 * A write that names a row deleted while the request ran (a report created in a folder that a
 * concurrent request removed) is a 404 naming that row, whichever service wrote it: the checks before
 * the write saw the row, the store's foreign key saw it gone. A transaction the store gave up because
 * it crossed another (a deadlock) is a 409 to retry.
 */
export function describeStoreRefusal(error: unknown): { code: ErrorCode; message: string } | null {
  if (isTransactionConflict(error)) {
    return { code: 'CONFLICT', message: 'a concurrent request changed the same content; send it again' };
  }
  const missing = missingReferenceOf(error);
  if (!missing) return null;
  const name = rowNames[missing.table] ?? missing.column.replace(/_id$/, '');
  return { code: 'NOT_FOUND', message: `${name} ${missing.value} not found (it was deleted meanwhile)` };
}

/** The methods that have a route for this concrete path: a 405 names them, an empty list is a 404. */
function methodsOfPath(app: FastifyInstance, path: string): string[] {
  return routeMethods.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/**
 * The one error handler: an `AppError`, a client error Fastify raised itself, or anything else (a 500
 * whose cause is logged, never sent), each written in the body of the surface that serves the route.
 */
export function errorHandlerOf(writeError: ErrorWriter, bodyLimitBytes: number) {
  const send = (reply: FastifyReply, error: SurfaceError, requestId: string) => {
    const { statusCode, body, contentType } = writeError(error, requestId);
    if (contentType) reply.header('content-type', contentType);
    return reply.status(statusCode).send(body);
  };
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (errorCatalogue[error.code].status >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error, request.id);
    }
    const described = describeFastifyError(error, request, bodyLimitBytes) ?? describeStoreRefusal(error);
    if (described) return send(reply, described, request.id);
    request.log.error({ err: error }, 'unhandled error');
    return send(
      reply,
      {
        code: 'INTERNAL_SERVER_ERROR',
        message: 'internal server error; quote the request id when reporting it',
      },
      request.id,
    );
  };
}

/** The listener's own error and not-found handlers: every non-2xx answer outside a surface's routes. */
export function registerErrorHandling(
  app: FastifyInstance,
  writeError: ErrorWriter,
  bodyLimitBytes: number,
): void {
  app.setErrorHandler(errorHandlerOf(writeError, bodyLimitBytes));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methodsOfPath(app, path);
    if (allowed.length > 0) {
      const { statusCode, body } = writeError(
        {
          code: 'METHOD_NOT_ALLOWED',
          message: `${request.method} is not allowed on ${path}: use ${allowed.join(', ')}`,
        },
        request.id,
      );
      return reply.status(statusCode).header('allow', allowed.join(', ')).send(body);
    }
    const { statusCode, body } = writeError(
      { code: 'NOT_FOUND', message: `no route for ${request.method} ${path}` },
      request.id,
    );
    return reply.status(statusCode).send(body);
  });
}
