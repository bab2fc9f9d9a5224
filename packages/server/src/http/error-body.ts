import { type ErrorBody, type ErrorCode, errorCatalogue } from '@platform/contract';
import { redactUrlCredentials, redactUrlCredentialsDeep } from '../platform/crypto/url-credentials.js';
import type { ErrorWriter } from './surface.js';

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

/** The management API's error writer: the status of the code's catalogue entry and `errorBody`. */
export const writeManagementError: ErrorWriter = (error, requestId) => {
  const body = errorBody(error.code, error.message, requestId, error.details);
  return { statusCode: body.statusCode, body };
};
