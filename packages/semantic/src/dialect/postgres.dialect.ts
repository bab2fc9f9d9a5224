import type { SqlDialect } from './sql-dialect.types.js';

/** PostgreSQL 14 and later (`date_bin`); exact distinct counts stand in for approximate ones. */
export const postgresDialect: SqlDialect = {
  name: 'postgres',
  quoteIdentifier: (name) => `"${name.replaceAll('"', '""')}"`,
  placeholder: (index) => `$${index}`,
  convertTimezone: (expression, timezoneSql) =>
    `(${expression} AT TIME ZONE 'UTC' AT TIME ZONE ${timezoneSql})`,
  truncateTime: (expression, granularity) => `date_trunc('${granularity}', ${expression})`,
  castTimestamp: (expression) => `CAST(${expression} AS TIMESTAMP)`,
  binTime: (expression, seconds, originSql) =>
    `date_bin(INTERVAL '${seconds} seconds', ${expression}, ${originSql})`,
  addMonths: (expression, monthsSql) =>
    `(${expression} + make_interval(months => CAST(${monthsSql} AS INTEGER)))`,
  approximateCountDistinct: (expression) => `count(DISTINCT ${expression})`,
  castText: (expression) => `CAST(${expression} AS TEXT)`,
  // why: an untyped parameter next to a bigint is read as a bigint, and "2.5" is not one.
  castFraction: (expression) => `CAST(${expression} AS NUMERIC)`,
};
