import type { operations } from '@platform/contract';
import type * as z from 'zod';

type Operations = typeof operations;
export type OperationId = keyof Operations;

/** What an operation answers, as the contract declares it (types only: no schema reaches the bundle). */
export type OperationOutput<Id extends OperationId> = Operations[Id]['response'] extends z.ZodType
  ? z.output<Operations[Id]['response']>
  : undefined;

/** What an operation's body accepts. */
export type OperationBody<Id extends OperationId> = Operations[Id]['body'] extends z.ZodType
  ? z.input<Operations[Id]['body']>
  : undefined;

/** The API's documented error body, or what stands for it when the answer was not JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The header that marks a request as the pages' own (a cross-site form cannot set it): the CSRF check. */
export const csrfHeader = 'x-platform-csrf';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The embed page's credential (every other page: the session cookie). On the embed page no request
 * carries a cookie (`credentials: 'omit'`, so no CSRF header either: it works in a third-party iframe,
 * where the browser keeps the server's cookies away anyway), and once its token is known every request
 * carries it as `Authorization: Bearer <token>`.
 */
let embedCredential: { token: string | null } | null = null;

/** Switches the client to the embed page's credential: `token`, or none yet (null) while it is exchanged. */
export function setEmbedToken(token: string | null): void {
  embedCredential = { token };
}

/** The credential of a request: the embed token, else the session cookie (writes with the CSRF header). */
function credentialOf(method: string, headers: Record<string, string>): RequestCredentials {
  if (embedCredential !== null) {
    if (embedCredential.token !== null) headers.authorization = `Bearer ${embedCredential.token}`;
    return 'omit';
  }
  if (writeMethods.has(method)) headers[csrfHeader] = '1';
  return 'same-origin';
}

/** The error of a failed answer: the API's error body (`message`, or the Chat API's `error`), else the status. */
export async function errorOf(response: Response): Promise<ApiError> {
  const requestId = response.headers.get('x-request-id');
  try {
    const body = (await response.json()) as {
      code?: unknown;
      message?: unknown;
      error?: unknown;
      requestId?: unknown;
    };
    const message =
      typeof body.message === 'string'
        ? body.message
        : typeof body.error === 'string'
          ? body.error
          : response.statusText;
    return new ApiError(
      response.status,
      typeof body.code === 'string' ? body.code : 'UNKNOWN',
      message,
      // Another origin's headers are hidden unless it exposes them: the body names the request too.
      requestId ?? (typeof body.requestId === 'string' ? body.requestId : null),
    );
  } catch {
    return new ApiError(response.status, 'UNKNOWN', response.statusText || 'request failed', requestId);
  }
}

/**
 * One call to the HTTP API with the session cookie (same origin only; writes carry the CSRF header), or
 * with the embed page's token (setEmbedToken). Resolves with the parsed body (undefined for 204), rejects with
 * an ApiError.
 */
export async function apiRequest<Output>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Output> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const credentials = credentialOf(method, headers);
  const response = await fetch(path, {
    method,
    headers,
    credentials,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as Output;
  return (await response.json()) as Output;
}

/** `/a/{b}` with `{ b: 'x y' }` → `/a/x%20y`. */
export function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from the defined entries (arrays repeat the key), or '' when there are none. */
export function queryOf(query: Record<string, string | number | boolean | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A POST whose answer is NDJSON (one JSON object a line, as the chat streams): yields each line's object as
 * it arrives. An error before the stream is the API's error body (an ApiError).
 */
export async function* apiStream<Line>(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): AsyncGenerator<Line> {
  const headers: Record<string, string> = {
    accept: 'application/x-ndjson',
    'content-type': 'application/json',
  };
  const credentials = credentialOf('POST', headers);
  const response = await fetch(path, {
    method: 'POST',
    headers,
    credentials,
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await errorOf(response);
  yield* ndjsonLinesOf<Line>(response);
}

/** The lines of an NDJSON answer, each parsed as it arrives. */
export async function* ndjsonLinesOf<Line>(response: Response): AsyncGenerator<Line> {
  if (!response.body) throw new ApiError(response.status, 'UNKNOWN', 'the answer has no body', null);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (line.trim() !== '') yield JSON.parse(line) as Line;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
