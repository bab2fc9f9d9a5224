import type { OperationDefinition, OperationInput, OperationOutput } from '@platform/contract';
import type { Logger } from 'pino';
import type { ChatCredentials } from '../modules/chat/chat-authentication.service.js';
import type { DataApiCaller } from '../modules/data-api/data-api-caller.js';
import type { Principal } from '../modules/identity/principal.js';

export interface OperationContext {
  principal: Principal;
  /** The `x-platform-client` header: `cli` when the platform CLI sent the request. */
  client: string | null;
  requestId: string;
  logger: Logger;
}

/** A webhook carries no credential: its handler verifies the shared secret over the exact bytes sent. */
export interface WebhookOperationContext {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  requestId: string;
  logger: Logger;
}

/** The data API's handlers see who called: a management credential or a deployment token. */
export interface DataApiOperationContext {
  caller: DataApiCaller;
  requestId: string;
  logger: Logger;
}

/**
 * The Chat API's handlers authenticate themselves (the credential is checked against the path's agent
 * and the body's session settings), so they get the raw credentials and a signal for a client gone away.
 */
export interface ChatOperationContext {
  credentials: ChatCredentials;
  signal: AbortSignal;
  requestId: string;
  logger: Logger;
}

/** An operation that answers anyone knows only which request it serves. */
export interface AnonymousOperationContext {
  requestId: string;
  logger: Logger;
}

type ContextOf<Operation extends OperationDefinition> = Operation['authScheme'] extends 'none'
  ? AnonymousOperationContext
  : Operation['authScheme'] extends 'dataApi'
    ? DataApiOperationContext
    : Operation['authScheme'] extends 'chat'
      ? ChatOperationContext
      : Operation['authScheme'] extends 'webhook'
        ? WebhookOperationContext
        : OperationContext;

export type OperationHandler<Operation extends OperationDefinition> = (
  input: OperationInput<Operation> & { context: ContextOf<Operation> },
) => Promise<OperationOutput<Operation>>;

/** One handler per operation of the registry: a missing handler is a compile error. */
export type OperationHandlers<Operations extends Record<string, OperationDefinition>> = {
  [OperationId in keyof Operations]: OperationHandler<Operations[OperationId]>;
};
