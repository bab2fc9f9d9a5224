import type { OperationDefinition, OperationInput, OperationOutput } from '@platform/contract';
import type { Logger } from 'pino';
import type { SchemeContexts } from './surface.js';

/** What every handler is told, whatever its scheme: which request it serves, and its logger. */
export interface RequestContext {
  requestId: string;
  logger: Logger;
  /** The client's address as the socket saw it (a proxy's, behind one). */
  clientAddress: string;
  /** Whether the request reached this listener over TLS. */
  isHttps: boolean;
  /** Adds a header to the answer (the web sign-in's Set-Cookie); the status and body stay the registrar's. */
  setResponseHeader(name: string, value: string): void;
}

/** The context of an operation: what its scheme produced about the caller, and the request's own. */
export type ContextOf<
  Operation extends OperationDefinition,
  Contexts extends SchemeContexts,
> = (Operation['authScheme'] extends keyof Contexts
  ? NonNullable<Contexts[Operation['authScheme']]>
  : never) &
  RequestContext;

export type OperationHandler<Operation extends OperationDefinition, Contexts extends SchemeContexts> = (
  input: OperationInput<Operation> & { context: ContextOf<Operation, Contexts> },
) => Promise<OperationOutput<Operation>>;

/** One handler per operation of the registry: a missing handler is a compile error. */
export type OperationHandlers<
  Operations extends Record<string, OperationDefinition>,
  Contexts extends SchemeContexts,
> = {
  [OperationId in keyof Operations]: OperationHandler<Operations[OperationId], Contexts>;
};
