import type { SqlDialect } from './sql-dialect.types.js';

/** DuckDB: time zones through the bundled ICU extension, buckets through `time_bucket`. */
export const duckDbDialect: SqlDialect = {
  name: 'duckdb',
  quoteIdentifier: (name) => `"${name.replaceAll('"', '""')}"`,
  placeholder: (index) => `$${index}`,
  convertTimezone: (expression, timezoneSql) => `timezone(${timezoneSql}, timezone('UTC', ${expression}))`,
  truncateTime: (expression, granularity) => `date_trunc('${granularity}', ${expression})`,
  castTimestamp: (expression) => `CAST(${expression} AS TIMESTAMP)`,
  binTime: (expression, seconds, originSql) =>
    `time_bucket(INTERVAL '${seconds} seconds', ${expression}, ${originSql})`,
  addMonths: (expression, monthsSql) => `(${expression} + to_months(CAST(${monthsSql} AS INTEGER)))`,
  approximateCountDistinct: (expression) => `approx_count_distinct(${expression})`,
  castText: (expression) => `CAST(${expression} AS VARCHAR)`,
  castFraction: (expression) => `CAST(${expression} AS DOUBLE)`,
};
