import type { OperationDefinition, OperationInput, OperationOutput } from '@platform/contract';
import type { Logger } from 'pino';
import type { Principal } from '../modules/identity/principal.js';

export interface OperationContext {
  principal: Principal;
  requestId: string;
  logger: Logger;
}

export type OperationHandler<Operation extends OperationDefinition> = (
  input: OperationInput<Operation> & { context: OperationContext },
) => Promise<OperationOutput<Operation>>;

/** One handler per operation of the registry: a missing handler is a compile error. */
export type OperationHandlers<Operations extends Record<string, OperationDefinition>> = {
  [OperationId in keyof Operations]: OperationHandler<Operations[OperationId]>;
};
