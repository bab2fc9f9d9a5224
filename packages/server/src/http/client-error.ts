import type { Socket } from 'node:net';
import type { ErrorCode } from '@platform/contract';
import type { Logger } from 'pino';
import { errorBody } from './error-body.js';
import { newRequestId } from './request-id.js';

/** Node's parser errors by code; anything else it refuses is a malformed request. */
const codesOfParserErrors: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'the request line and headers exceed the limit of 16 KiB',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'REQUEST_TIMEOUT',
    message: 'the request did not arrive within the time limit',
  },
};

/**
 * Answers a request Node's HTTP parser refused before any route saw it (the `clientError` event), with the
 * API's error body and a request id, then closes the connection as Node itself would.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket, logger: Logger): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const requestId = newRequestId();
  const described = codesOfParserErrors[error.code ?? ''] ?? {
    code: 'BAD_REQUEST' as const,
    message: 'the request is not valid HTTP/1.1',
  };
  const body = errorBody(described.code, described.message, requestId);
  logger.info({ requestId, err: error, statusCode: body.statusCode }, 'client error before routing');
  if (socket.writable) {
    const payload = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${body.error}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
        `x-request-id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        payload,
    );
  }
  socket.destroy(error);
}
