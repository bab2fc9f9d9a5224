/** Time granularities every dialect truncates to natively. */
export const standardGranularities = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const;
export type StandardGranularity = (typeof standardGranularities)[number];

/**
 * What differs between warehouses, as an object per warehouse: the renderer never branches on a
 * dialect's name. Values never enter SQL text: `placeholder` names the n-th bound parameter.
 */
export interface SqlDialect {
  readonly name: 'duckdb' | 'postgres';
  quoteIdentifier(name: string): string;
  /** 1-based. */
  placeholder(index: number): string;
  /** A timestamp expression seen in `timezone` (an IANA name), as a timestamp without time zone. */
  convertTimezone(expression: string, timezone: string): string;
  truncateTime(expression: string, granularity: StandardGranularity): string;
  /** A bound parameter cast to a timestamp. */
  castTimestamp(expression: string): string;
}
