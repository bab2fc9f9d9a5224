import type { StreamEvent } from './stream-bus.js';
import { StreamFailedError } from './stream-bus-errors.js';

/**
 * Entry ids are `0-<sequence>`: the writer numbers its events itself, so the id is the sequence, and Redis
 * refuses any id that does not grow.
 */
export function entryIdOf(sequence: number): string {
  return `0-${sequence}`;
}

export function sequenceOf(entryId: string): number {
  return Number(entryId.slice(entryId.indexOf('-') + 1));
}

/** The field of a data entry (JSON of the event) and of the end entry (JSON of EndRecord). */
export const dataField = 'd';
export const endField = 'e';

/** What the end entry of a stream holds: nothing when it completed, the failure otherwise. */
export interface EndRecord {
  failure?: 'failed' | 'event-limit';
  message?: string;
}

/** One entry read from Redis, as it is handed to subscribers. */
export type Delivery =
  | { readonly kind: 'event'; readonly event: StreamEvent }
  | { readonly kind: 'end'; readonly error: StreamFailedError | null };

export function parseEntry(streamId: string, sequence: number, fields: readonly string[]): Delivery {
  const [field, value = '{}'] = fields;
  if (field === dataField)
    return { kind: 'event', event: { sequence, data: JSON.parse(value), json: value } };
  const record = JSON.parse(value) as EndRecord;
  const error = record.failure
    ? new StreamFailedError(streamId, record.failure, record.message ?? 'The stream failed')
    : null;
  return { kind: 'end', error };
}
