import {
  type OperationDefinition,
  type OperationId,
  type OperationResult,
  type Operations,
  operations,
} from '@platform/contract';
import type * as z from 'zod';
import { ApiError, apiErrorOf, ConnectionError } from './api-error.js';
import { type AuthScheme, authorizationHeader } from './auth-scheme.js';
import { type MultipartParts, multipartBodyOf } from './multipart-body.js';
import { readNdjsonLines } from './ndjson-lines.js';
import { buildUrl, fillPath, type QueryValues } from './request-url.js';

/** What the client sends for a part of an operation: the schema's input type, before server-side parsing. */
type ParamsPart<Schema> = [Schema] extends [z.ZodType] ? { params: z.input<Schema> } : { params?: undefined };
type QueryPart<Schema> = [Schema] extends [z.ZodType] ? { query?: z.input<Schema> } : { query?: undefined };
type BodyPart<Schema> = [Schema] extends [z.ZodType] ? { body: z.input<Schema> } : { body?: undefined };

export type CallInput<Id extends OperationId> = ParamsPart<Operations[Id]['params']> &
  QueryPart<Operations[Id]['query']> &
  BodyPart<Operations[Id]['body']>;

type RequiredKeys<Value> = {
  [Key in keyof Value]-?: undefined extends Value[Key] ? never : Key;
}[keyof Value];

/** The input may be left out when the operation has no path parameters and no body. */
type CallArguments<Id extends OperationId> = [RequiredKeys<CallInput<Id>>] extends [never]
  ? [input?: CallInput<Id>]
  : [input: CallInput<Id>];

export interface ApiClientOptions {
  apiUrl: string;
  apiKey: string | null;
  /** null picks the scheme from the key's shape. */
  authScheme: AuthScheme | null;
  userAgent: string;
  fetch?: typeof fetch;
  timeoutMilliseconds?: number;
  /**
   * Called once after a 401 when the credential is an OAuth access token with a refresh token: the new
   * access token (the request is then sent again), or null to keep the 401.
   */
  refreshCredential?: () => Promise<string | null>;
}

/** The input of a multipart operation: its path parameters and the form's fields instead of a JSON body. */
export type MultipartCallInput<Id extends OperationId> = ParamsPart<Operations[Id]['params']> &
  QueryPart<Operations[Id]['query']> & { parts: MultipartParts };

export interface RawRequest {
  query?: QueryValues;
  /** Sent as JSON, except a FormData, which is sent as multipart/form-data. */
  body?: unknown;
}

/**
 * Sent with every request: the server records a dbt sync started with it as trigger `manual` (a person at
 * a terminal) instead of `api` (a script calling the API directly).
 */
const platformClientHeader = { name: 'x-platform-client', value: 'cli' } as const;

/** A client of the management and build APIs, typed by the operation registry of the contract. */
export class ApiClient {
  readonly apiUrl: string;
  private readonly options: ApiClientOptions;
  private readonly fetchFunction: typeof fetch;
  private apiKey: string | null;

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.apiKey = options.apiKey;
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.fetchFunction = options.fetch ?? fetch;
  }

  /** Calls one operation by its operationId; resolves with the decoded body, rejects with ApiError on non-2xx. */
  async call<Id extends OperationId>(
    operationId: Id,
    ...[input]: CallArguments<Id>
  ): Promise<OperationResult<Operations[Id]>> {
    const operation: OperationDefinition = operations[operationId];
    const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: QueryValues; body?: unknown };
    const path = fillPath(operation.path, parts.params ?? {});
    const result = await this.request(operation.method, path, { query: parts.query ?? {}, body: parts.body });
    // The server validated its answer against the same contract before sending it.
    return result as OperationResult<Operations[Id]>;
  }

  /**
   * Calls an operation whose body is multipart/form-data (file uploads): the same credentials, errors and
   * decoding as `call`, with the body built from `parts`.
   */
  async callMultipart<Id extends OperationId>(
    operationId: Id,
    input: MultipartCallInput<Id>,
  ): Promise<OperationResult<Operations[Id]>> {
    const operation: OperationDefinition = operations[operationId];
    const parts = input as { params?: Record<string, unknown>; query?: QueryValues; parts: MultipartParts };
    const path = fillPath(operation.path, parts.params ?? {});
    const result = await this.request(operation.method, path, {
      query: parts.query ?? {},
      body: multipartBodyOf(parts.parts),
    });
    return result as OperationResult<Operations[Id]>;
  }

  /**
   * Calls an operation that answers newline-delimited JSON: yields each line decoded, as the server
   * writes it. A non-2xx answer (before the stream starts) rejects with ApiError like `call`.
   */
  async *callLines<Id extends OperationId>(
    operationId: Id,
    ...[input]: CallArguments<Id>
  ): AsyncGenerator<OperationResult<Operations[Id]>> {
    const operation: OperationDefinition = operations[operationId];
    const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: QueryValues; body?: unknown };
    const path = fillPath(operation.path, parts.params ?? {});
    const response = await this.send(operation.method, path, { query: parts.query ?? {}, body: parts.body });
    for await (const line of readNdjsonLines(response)) yield line as OperationResult<Operations[Id]>;
  }

  /**
   * Calls an operation for the file it can answer instead of JSON (e.g. `?format=csv`): resolves with the
   * file's text as sent; errors as `call`.
   */
  async callFile<Id extends OperationId>(operationId: Id, ...[input]: CallArguments<Id>): Promise<string> {
    const operation: OperationDefinition = operations[operationId];
    const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: QueryValues; body?: unknown };
    const path = fillPath(operation.path, parts.params ?? {});
    const response = await this.send(operation.method, path, { query: parts.query ?? {}, body: parts.body });
    return response.text();
  }

  /** Any method and path (for `platform api`); the same credentials, error handling and decoding. */
  async request(method: string, path: string, request: RawRequest = {}): Promise<unknown> {
    const response = await this.send(method, path, request);
    return decodeBody(await response.text(), response.headers.get('content-type'));
  }

  /** Sends the request with the credentials; a non-2xx answer rejects with ApiError. */
  private async send(method: string, path: string, request: RawRequest): Promise<Response> {
    try {
      return await this.sendOnce(method, path, request);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !this.options.refreshCredential)
        throw error;
      const refreshed = await this.options.refreshCredential();
      if (!refreshed) throw error;
      this.apiKey = refreshed;
      return this.sendOnce(method, path, request);
    }
  }

  private async sendOnce(method: string, path: string, request: RawRequest): Promise<Response> {
    const url = buildUrl(this.apiUrl, path, request.query ?? {});
    const headers: Record<string, string> = {
      accept: 'application/json, application/x-ndjson',
      'user-agent': this.options.userAgent,
      [platformClientHeader.name]: platformClientHeader.value,
    };
    if (this.apiKey) headers.authorization = authorizationHeader(this.apiKey, this.options.authScheme);
    let payload: string | FormData | undefined;
    // fetch writes the multipart Content-Type itself, with the boundary it chose.
    if (request.body instanceof FormData) payload = request.body;
    // Fastify refuses an empty body declared as JSON, so the header goes only with a body.
    else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await this.fetchFunction(url, {
        method: method.toUpperCase(),
        headers,
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMilliseconds ?? 120_000),
      });
    } catch (error) {
      throw new ConnectionError(this.apiUrl, error);
    }
    if (!response.ok) {
      const body = decodeBody(await response.text(), response.headers.get('content-type'));
      throw apiErrorOf(response.status, response.statusText, body, response.headers.get('x-request-id'));
    }
    return response;
  }
}

function decodeBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  const isJson = contentType === null || /json/i.test(contentType);
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page or a truncated answer: keep the text so the error can show it.
    return text;
  }
}
