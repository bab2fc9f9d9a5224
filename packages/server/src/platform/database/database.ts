import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The control-plane store as modules see it: the same drizzle API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface Store {
  readonly database: Database;
  readonly engine: 'pglite' | 'postgres';
  /** Runs a trivial query; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
