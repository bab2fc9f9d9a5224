import type { IncomingHttpHeaders } from 'node:http';
import type { AuthScheme, ErrorCode, OperationDefinition } from '@platform/contract';

/** What an authentication scheme sees of a request: never the framework's request object. */
export interface AuthenticationRequest {
  /**
   * What the operation declares of its rights (its action, and the data-API scope it needs); the scheme
   * checks them (403) once the credential is known (401).
   */
  operation: Pick<OperationDefinition, 'operationId' | 'method' | 'action' | 'dataApiScope'>;
  headers: IncomingHttpHeaders;
  /** The body's bytes as sent, for the schemes the surface lists in `rawBodySchemes`; else null. */
  rawBody: Buffer | null;
  /** Aborted when the client goes away before the answer ends (made on first call, so unused is free). */
  clientGone(): AbortSignal;
}

/**
 * Turns a request into what its handler is told about the caller (a principal, a caller, raw
 * credentials), or throws the `AppError` that refuses it. Supplied by the module that owns the scheme.
 */
export type Authenticate<Context extends object> = (
  request: AuthenticationRequest,
) => Promise<Context> | Context;

/** The context each scheme produces; a surface names the schemes its operations declare. */
export type SchemeContexts = Partial<Record<AuthScheme, object>>;

/** An error as a surface is asked to write it: the code of the catalogue, a message, details. */
export interface SurfaceError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** How a surface answers an error: the status it sends, its body, and its content type (JSON unless said). */
export type ErrorWriter = (
  error: SurfaceError,
  requestId: string,
) => { statusCode: number; body: unknown; contentType?: string };

/** One listener's way of serving operations: who is calling, and how errors look. */
export interface Surface<Contexts extends SchemeContexts, Schemes extends keyof Contexts = keyof Contexts> {
  /** One function per scheme the surface's operations declare; a missing one does not compile. */
  authentication: { [Scheme in Schemes]-?: Authenticate<NonNullable<Contexts[Scheme]>> };
  writeError: ErrorWriter;
  /** Schemes whose operations write their errors otherwise (SCIM's error body); `writeError` for the rest. */
  schemeErrorWriters?: Partial<Record<AuthScheme, ErrorWriter>>;
  /** The default body limit, named in the error of a body too large. */
  bodyLimitBytes: number;
  /** Schemes whose operations keep the body's bytes for the scheme (a webhook's signature is over them). */
  rawBodySchemes?: readonly AuthScheme[];
  /** The content type of streamed (NDJSON) answers; `application/x-ndjson` unless the surface says. */
  streamContentType?: string;
}
