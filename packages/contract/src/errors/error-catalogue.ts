/**
 * The closed set of error codes the API answers with, and the HTTP status of each. The server's error
 * handler, the CLI and docs/errors.md all read this one table; a test keeps docs/errors.md equal to it.
 */
export const errorCatalogue = {
  BAD_REQUEST: {
    status: 400,
    error: 'Bad Request',
    meaning: 'The request is malformed or fails validation.',
  },
  UNAUTHORIZED: {
    status: 401,
    error: 'Unauthorized',
    meaning: 'The credential is missing, malformed, unknown, expired, or belongs to an inactive user.',
  },
  FORBIDDEN: {
    status: 403,
    error: 'Forbidden',
    meaning: 'The credential is valid but lacks the right for this operation or resource.',
  },
  NOT_FOUND: {
    status: 404,
    error: 'Not Found',
    meaning: "The route or resource does not exist, or belongs to another account (ids don't leak).",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    error: 'Method Not Allowed',
    meaning: 'The route exists but not with this method; the `Allow` header lists the methods it has.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    error: 'Request Timeout',
    meaning: "The request (its headers or body) did not arrive within the server's time limit.",
  },
  CONFLICT: {
    status: 409,
    error: 'Conflict',
    meaning: 'The request conflicts with the current state (a duplicate name, an illegal state move).',
  },
  upsert_branch_changed: {
    status: 409,
    error: 'Conflict',
    meaning:
      'The branch moved since the hash the change was based on, or a concurrent upsert of the same publicId won; read it again and retry (the name clients know).',
  },
  name_taken: {
    status: 409,
    error: 'Conflict',
    meaning:
      'Another item in the same place already has this name (sibling folders); pick another name (the name clients know).',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    error: 'Payload Too Large',
    meaning: 'The request body exceeds the configured limit.',
  },
  URI_TOO_LONG: {
    status: 414,
    error: 'URI Too Long',
    meaning: 'A path parameter is longer than the router accepts (100 characters).',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    error: 'Unsupported Media Type',
    meaning: 'The request body is not in a content type the operation accepts.',
  },
  UNPROCESSABLE_ENTITY: {
    status: 422,
    error: 'Unprocessable Entity',
    meaning: 'The request is valid but goes over a limit of the resource (e.g. the placements of a report).',
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    error: 'Request Header Fields Too Large',
    meaning: "The request line and headers exceed the server's limit (16 KiB).",
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    error: 'Internal Server Error',
    meaning: 'An unexpected failure; the request id in the body finds it in the server log.',
  },
  NOT_IMPLEMENTED: {
    status: 501,
    error: 'Not Implemented',
    meaning:
      'The server lacks an optional part this operation needs (e.g. Python for html reports); the message says what to install.',
  },
  BAD_GATEWAY: {
    status: 502,
    error: 'Bad Gateway',
    meaning: "The deployment's warehouse could not be reached or refused the connection.",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    error: 'Service Unavailable',
    meaning: 'A dependency (the store) is not reachable, or the server is shutting down.',
  },
  GATEWAY_TIMEOUT: {
    status: 504,
    error: 'Gateway Timeout',
    meaning: "The deployment's warehouse did not finish the query within the query timeout.",
  },
} as const satisfies Record<string, { status: number; error: string; meaning: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function statusOfErrorCode(code: ErrorCode): number {
  return errorCatalogue[code].status;
}
