import type { ErrorCode } from '@platform/contract';
import { redactUrlCredentials } from '../platform/crypto/url-credentials.js';

/**
 * The one error type services throw; the HTTP layer turns its code into a status and the error body.
 * Its message reaches clients, so the credentials of any URL in it (often quoted from a lower layer's
 * error) are redacted here, once.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(redactUrlCredentials(message));
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
