/** A non-2xx answer of the API, carrying what the server said so the CLI can print it as is. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly requestId: string | null;
  readonly body: unknown;

  constructor(options: {
    status: number;
    message: string;
    code: string | null;
    requestId: string | null;
    body: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.requestId = options.requestId;
    this.body = options.body;
  }
}

/** The server could not be reached at all (refused, DNS, timeout): no status to report. */
export class ConnectionError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? describeCause(cause) : String(cause);
    super(`could not reach ${url}: ${reason}`);
    this.name = 'ConnectionError';
  }
}

function describeCause(error: Error): string {
  // fetch wraps the socket error ("fetch failed"); the useful part (ECONNREFUSED ...) is its cause.
  const inner = error.cause;
  if (inner instanceof Error && inner.message) return inner.message;
  return error.message;
}

function stringField(value: unknown, field: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = (value as Record<string, unknown>)[field];
  return typeof candidate === 'string' && candidate !== '' ? candidate : null;
}

/** Builds the error of a non-2xx answer: the server's `message` first, as API-NOTES asks clients to. */
export function apiErrorOf(
  status: number,
  statusText: string,
  body: unknown,
  requestIdHeader: string | null,
): ApiError {
  const text = typeof body === 'string' && body.trim() !== '' ? body.trim() : null;
  return new ApiError({
    status,
    message:
      stringField(body, 'message') ??
      stringField(body, 'error') ??
      // SCIM's error body (`/api/scim/v2`) says it in `detail`.
      stringField(body, 'detail') ??
      text ??
      (statusText || 'request failed'),
    code: stringField(body, 'code'),
    requestId: stringField(body, 'requestId') ?? requestIdHeader,
    body,
  });
}
