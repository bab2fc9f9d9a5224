import type * as z from 'zod';
import type { ErrorCode } from '../errors/error-catalogue.js';
import type { Action } from '../rights/action.js';
import type { DataApiScope } from '../rights/data-api-scope.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.ZodType | null;

/**
 * Which credentials an operation accepts: `management` is an API key of the management API; `dataApi` is
 * also a deployment token (a JWT for one deployment, carrying a security context), as the data API of a
 * deployment takes either; `chat` is an agent's API key or a platform token, checked by the Chat API's
 * own adapter after validation because it needs the path and the body (no management credential);
 * `webhook` carries no credential at all: the handler verifies a shared secret against the raw body;
 * `none` answers anyone (the chat listener's own OpenAPI document, which holds nothing of an account);
 * `scim` is an API key only (`Bearer` or `Api-Key`, no session cookie), whose errors are SCIM's (RFC 7644);
 * `embed` is what `management` takes (its action checked) or an embed token (`Bearer <jwt>`), whose user the
 * embed module's access rules govern instead of a role: the operations an embedded dashboard page calls.
 */
export type AuthScheme = 'management' | 'dataApi' | 'chat' | 'webhook' | 'none' | 'scim' | 'embed';

/**
 * How the success body is written: one JSON document, or newline-delimited JSON where `response` is the
 * schema of one line and lines are written as they are produced, or an HTML page (a string) for an
 * operation a browser reaches by itself (an OAuth provider's redirect back).
 */
export type ResponseContentType =
  | 'application/json'
  | 'application/x-ndjson'
  | 'text/html'
  | 'application/scim+json';

/** A content type an operation may answer with instead of its JSON body, as a file to download. */
export type FileContentType = 'text/csv';

/**
 * A handler's answer as a file rather than the JSON of `response` (for an operation that declares its
 * content type in `fileContentTypes`): `http/` writes the body with that content type and
 * `Content-Disposition: attachment` naming the file.
 */
export class FileReply {
  constructor(
    readonly contentType: FileContentType,
    /** The file name the client saves it as (`Content-Disposition`). */
    readonly filename: string,
    readonly content: string,
  ) {}
}

/**
 * One operation of the API, declared once. Validation, handler types, the OpenAPI document and the
 * CLI's typed client are all derived from this object.
 */
export interface OperationDefinition<
  Params extends Schema = Schema,
  Query extends Schema = Schema,
  Body extends Schema = Schema,
  Response extends Schema = Schema,
  Auth extends AuthScheme = AuthScheme,
  ResponseType extends ResponseContentType = ResponseContentType,
  Files extends FileContentType = FileContentType,
> {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path with `{name}` parameters. */
  readonly path: string;
  /** OpenAPI tag; also the module folder and the CLI command group. */
  readonly tag: string;
  readonly summary: string;
  readonly description: string | null;
  /** The account-level right checked before the handler runs; null means any authenticated caller. */
  readonly action: Action | null;
  readonly authScheme: Auth;
  /**
   * The scope a deployment token must carry to call this data-API operation (a token without scopes
   * carries them all); null off the data API.
   */
  readonly dataApiScope: DataApiScope | null;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly isBodyRequired: boolean;
  readonly successStatus: 200 | 201 | 202 | 204;
  /** The success body; for NDJSON, one line of it. */
  readonly response: Response;
  readonly responseContentType: ResponseType;
  /** Content types the handler may answer with as a FileReply instead of JSON (e.g. `?format=csv`). */
  readonly fileContentTypes: readonly Files[];
  /** Error codes this operation answers with beyond the ones every operation can (400, 401, 500). */
  readonly errors: readonly ErrorCode[];
  /** How the body is sent; JSON unless a file travels in it (its fields are then parsed into one object). */
  readonly requestContentType: RequestContentType;
  /** The largest body (for multipart: the largest file) this operation accepts; null is the server default. */
  readonly bodyLimitBytes: number | null;
}

/** `application/scim+json` bodies are JSON; the server takes them as `application/json` too. */
/**
 * `application/x-www-form-urlencoded` is for what mail clients post (one-click unsubscribe); such an
 * operation takes JSON as well.
 */
export type RequestContentType =
  | 'application/json'
  | 'multipart/form-data'
  | 'application/scim+json'
  | 'application/x-www-form-urlencoded';

export interface OperationDeclaration<
  Params extends Schema,
  Query extends Schema,
  Body extends Schema,
  Response extends Schema,
  Auth extends AuthScheme,
  ResponseType extends ResponseContentType,
  Files extends FileContentType,
> {
  operationId: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  action: Action | null;
  /** Default `management`. */
  authScheme?: Auth;
  dataApiScope?: DataApiScope;
  params?: Params;
  query?: Query;
  body?: Body;
  isBodyRequired?: boolean;
  successStatus?: 200 | 201 | 202 | 204;
  response?: Response;
  /** Default `application/json`. */
  responseContentType?: ResponseType;
  /** Default none. */
  fileContentTypes?: readonly Files[];
  errors?: readonly ErrorCode[];
  requestContentType?: RequestContentType;
  bodyLimitBytes?: number;
}

export function defineOperation<
  Params extends Schema = null,
  Query extends Schema = null,
  Body extends Schema = null,
  Response extends Schema = null,
  Auth extends AuthScheme = 'management',
  ResponseType extends ResponseContentType = 'application/json',
  Files extends FileContentType = never,
>(
  declaration: OperationDeclaration<Params, Query, Body, Response, Auth, ResponseType, Files>,
): OperationDefinition<Params, Query, Body, Response, Auth, ResponseType, Files> {
  const body = (declaration.body ?? null) as Body;
  return {
    operationId: declaration.operationId,
    method: declaration.method,
    path: declaration.path,
    tag: declaration.tag,
    summary: declaration.summary,
    description: declaration.description ?? null,
    action: declaration.action,
    authScheme: (declaration.authScheme ?? 'management') as Auth,
    dataApiScope: declaration.dataApiScope ?? null,
    params: (declaration.params ?? null) as Params,
    query: (declaration.query ?? null) as Query,
    body,
    isBodyRequired: declaration.isBodyRequired ?? body !== null,
    successStatus: declaration.successStatus ?? 200,
    response: (declaration.response ?? null) as Response,
    responseContentType: (declaration.responseContentType ?? 'application/json') as ResponseType,
    fileContentTypes: declaration.fileContentTypes ?? [],
    errors: declaration.errors ?? [],
    requestContentType: declaration.requestContentType ?? 'application/json',
    bodyLimitBytes: declaration.bodyLimitBytes ?? null,
  };
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The validated input of an operation, as a handler receives it. */
export interface OperationInput<Operation extends OperationDefinition> {
  params: Parsed<Operation['params']>;
  query: Parsed<Operation['query']>;
  body: Parsed<Operation['body']>;
}

type Output<S> = S extends z.ZodType ? z.input<S> : undefined;

/**
 * What a handler returns: the response body before serialisation (nothing for 204); for NDJSON, the lines
 * as they are produced.
 */
export type OperationOutput<Operation extends OperationDefinition> =
  Operation['responseContentType'] extends 'application/x-ndjson'
    ? AsyncIterable<Output<Operation['response']>>
    : [Operation['fileContentTypes'][number]] extends [never]
      ? Output<Operation['response']>
      : Output<Operation['response']> | FileReply;

/** The decoded response body, as a client receives it (for NDJSON, one decoded line). */
export type OperationResult<Operation extends OperationDefinition> = Parsed<Operation['response']>;
