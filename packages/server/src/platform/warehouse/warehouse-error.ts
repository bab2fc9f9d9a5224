import { redactUrlCredentials } from '../crypto/url-credentials.js';

export type WarehouseErrorKind = 'aborted' | 'timeout' | 'query' | 'connection' | 'configuration';

/**
 * One error type for every driver, so callers map failures to HTTP answers without knowing the driver.
 * A driver's message can quote the connection URL: its credentials are redacted here.
 */
export class WarehouseError extends Error {
  readonly kind: WarehouseErrorKind;

  constructor(kind: WarehouseErrorKind, message: string, options?: { cause?: unknown }) {
    super(redactUrlCredentials(message), options);
    this.kind = kind;
    // why: 'AbortError' is the name the platform (fetch, streams) uses, so generic abort handling applies.
    this.name = kind === 'aborted' ? 'AbortError' : 'WarehouseError';
  }
}

export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
