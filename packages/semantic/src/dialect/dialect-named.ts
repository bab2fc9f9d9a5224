import { duckDbDialect } from './duckdb.dialect.js';
import { postgresDialect } from './postgres.dialect.js';
import type { SqlDialect } from './sql-dialect.types.js';

const dialects: Readonly<Record<SqlDialect['name'], SqlDialect>> = {
  duckdb: duckDbDialect,
  postgres: postgresDialect,
};

/** The dialect object of a warehouse kind, as the server's warehouse config names it. */
export function dialectNamed(name: SqlDialect['name']): SqlDialect {
  return dialects[name];
}
