import { type ErrorBody, type ErrorCode, errorCatalogue } from '@platform/contract';
import { redactUrlCredentials, redactUrlCredentialsDeep } from '../platform/crypto/url-credentials.js';

/** Every error answer of the management API; no URL's credentials leave in its message or details. */
export function errorBody(code: ErrorCode, message: string, requestId: string, details?: unknown): ErrorBody {
  const entry = errorCatalogue[code];
  return {
    statusCode: entry.status,
    error: entry.error,
    code,
    message: redactUrlCredentials(message),
    requestId,
    ...(details === undefined ? {} : { details: redactUrlCredentialsDeep(details) }),
  };
}
