import { chatAuthenticationErrorCode, type ErrorCode, errorCatalogue } from '@platform/contract';
import type { ErrorWriter } from '../../http/surface.js';
import { redactUrlCredentials, redactUrlCredentialsDeep } from '../../platform/crypto/url-credentials.js';

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
 * The Chat API's error rules (SPEC.md "Errors"): an authentication failure is a JSON-RPC error object in
 * an HTTP 200, which its clients recognise; any other error is its status with the chat error body.
 */
export const writeChatError: ErrorWriter = (error, requestId) => {
  if (error.code === 'UNAUTHORIZED') {
    return {
      statusCode: 200,
      body: {
        jsonrpc: '2.0',
        id: null,
        error: { code: chatAuthenticationErrorCode, message: redactUrlCredentials(error.message) },
      },
    };
  }
  const body = chatErrorBody(error.code, error.message, requestId, error.details);
  return { statusCode: body.statusCode, body };
};
