import { type ErrorBody, type ErrorCode, errorCatalogue } from '@platform/contract';

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: unknown): ErrorBody {
  const entry = errorCatalogue[code];
  return {
    statusCode: entry.status,
    error: entry.error,
    code,
    message,
    requestId,
    ...(details === undefined ? {} : { details }),
  };
}
