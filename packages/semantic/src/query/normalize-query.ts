import type { QueryColumn } from './compiled-query.types.js';
import {
  defaultQueryLimit,
  maximumQueryLimit,
  type OrderDirection,
  type SemanticQuery,
} from './semantic-query.types.js';
import { SemanticQueryError } from './semantic-query-error.js';
import { canonicalTimezone } from './zoned-time.js';

export interface QuerySettings {
  readonly limit: number;
  readonly offset: number;
  readonly timezone: string;
}

/** Limit (default 10,000, at most 50,000), offset and time zone (default UTC), checked. */
export function querySettings(query: SemanticQuery): QuerySettings {
  const limit = query.limit ?? defaultQueryLimit;
  if (!Number.isInteger(limit) || limit < 0 || limit > maximumQueryLimit) {
    throw new SemanticQueryError(
      `limit must be a whole number from 0 to ${maximumQueryLimit.toLocaleString('en-US')}; got ${String(query.limit)}`,
    );
  }
  const offset = query.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new SemanticQueryError(`offset must be a whole number of 0 or more; got ${String(query.offset)}`);
  }
  const timezone = query.timezone ?? 'UTC';
  if (typeof timezone !== 'string') throw new SemanticQueryError('timezone must be an IANA time zone name');
  return { limit, offset, timezone: canonicalTimezone(timezone) };
}

export interface OrderEntry {
  readonly key: string;
  readonly direction: OrderDirection;
  readonly column: QueryColumn;
}

function orderPairs(order: SemanticQuery['order']): (readonly [string, unknown])[] {
  if (order === undefined || order === null) return [];
  if (Array.isArray(order)) {
    return order.map((entry: unknown) => {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') {
        throw new SemanticQueryError('order entries must be [member, "asc" | "desc"] pairs');
      }
      return [entry[0], entry[1]] as const;
    });
  }
  if (typeof order !== 'object') throw new SemanticQueryError('order must be an object or a list of pairs');
  return Object.entries(order);
}

function columnForKey(key: string, columns: readonly QueryColumn[]): QueryColumn | undefined {
  return (
    columns.find((column) => column.keys[0] === key) ??
    columns.find((column) => column.kind !== 'measure' && column.memberPath === key)
  );
}

/**
 * The query's order as result columns. Without `order`: the first time dimension with a granularity
 * ascending, else the first measure descending, else the first dimension ascending.
 */
export function resolveOrder(query: SemanticQuery, columns: readonly QueryColumn[]): OrderEntry[] {
  if (query.order === undefined || query.order === null) {
    const column =
      columns.find((candidate) => candidate.kind === 'timeDimension') ??
      columns.find((candidate) => candidate.kind === 'measure') ??
      columns[0];
    if (!column) return [];
    const direction = column.kind === 'measure' ? 'desc' : 'asc';
    return [{ key: column.memberPath, direction, column }];
  }
  return orderPairs(query.order).map(([key, direction]) => {
    if (direction !== 'asc' && direction !== 'desc') {
      throw new SemanticQueryError(
        `order of \`${key}\` must be "asc" or "desc"; got ${JSON.stringify(direction)}`,
      );
    }
    const column = columnForKey(key, columns);
    if (!column) {
      throw new SemanticQueryError(
        `cannot order by \`${key}\`: it is not one of the query's measures, dimensions or time dimensions`,
      );
    }
    return { key, direction, column };
  });
}
