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
 * dialect's name. Values never enter SQL text: `placeholder` names the n-th bound parameter, and
 * arguments called `...Sql` are SQL expressions (often such a placeholder), never raw values.
 */
export interface SqlDialect {
  readonly name: 'duckdb' | 'postgres';
  quoteIdentifier(name: string): string;
  /** 1-based. */
  placeholder(index: number): string;
  /**
   * A timestamp without time zone, taken as UTC, seen in the zone `timezoneSql` evaluates to (an IANA
   * name, bound as a parameter), as a timestamp without time zone.
   */
  convertTimezone(expression: string, timezoneSql: string): string;
  truncateTime(expression: string, granularity: StandardGranularity): string;
  /** An expression (a bound parameter, a column) cast to a timestamp without time zone. */
  castTimestamp(expression: string): string;
  /** The start of the `seconds`-wide bucket holding `expression`, buckets counted from `originSql`. */
  binTime(expression: string, seconds: number, originSql: string): string;
  /** `expression` plus a whole number of months (`monthsSql` may be fractional-typed but integral). */
  addMonths(expression: string, monthsSql: string): string;
  /** Approximate distinct count where the warehouse has one, else an exact one. */
  approximateCountDistinct(expression: string): string;
  /** Any expression as text, for pattern operators on non-text members. */
  castText(expression: string): string;
  /** A fractional number parameter, typed so it compares with integer columns without being truncated. */
  castFraction(expression: string): string;
}
