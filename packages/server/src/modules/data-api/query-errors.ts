import { SemanticQueryError } from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';
import { WarehouseError } from '../../platform/warehouse/warehouse-error.js';

/**
 * A failure of the warehouse as the caller should read it: a configuration the operator must fix or
 * SQL the warehouse refused (400, with the warehouse's own words), an unreachable warehouse (502), a
 * query over its time (504), a query stopped because the server is going down (503).
 */
export function appErrorOfWarehouse(error: unknown): unknown {
  if (!(error instanceof WarehouseError)) return error;
  switch (error.kind) {
    case 'configuration':
      return new AppError('BAD_REQUEST', `the warehouse is not configured correctly: ${error.message}`);
    case 'query':
      return new AppError('BAD_REQUEST', `the warehouse refused the query: ${error.message}`);
    case 'connection':
      return new AppError('BAD_GATEWAY', `the warehouse cannot be reached: ${error.message}`);
    case 'timeout':
      return new AppError('GATEWAY_TIMEOUT', `the query did not finish in time: ${error.message}`);
    case 'aborted':
      return new AppError(
        'SERVICE_UNAVAILABLE',
        'the query was stopped (the server is shutting down); retry it',
      );
  }
}

/** A query the caller must change is a 400; one an access policy denies is a 403. */
export function appErrorOfQuery(error: unknown): unknown {
  if (error instanceof SemanticQueryError) {
    return new AppError(error.kind === 'forbidden' ? 'FORBIDDEN' : 'BAD_REQUEST', error.message);
  }
  return appErrorOfWarehouse(error);
}
