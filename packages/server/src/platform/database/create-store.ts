import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Store } from './database.js';

export interface StoreOptions {
  databaseUrl: string | null;
  /** For PostgreSQL: keep every table in this schema (created when missing). */
  schema: string | null;
  /** For PGlite: a data directory on disk, or null for memory. */
  pgliteDirectory: string | null;
}

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

async function createPostgresStore(databaseUrl: string, schema: string | null): Promise<Store> {
  if (schema !== null && !schemaNamePattern.test(schema)) {
    throw new Error(`database schema name "${schema}" must match ${schemaNamePattern}`);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const database = drizzleNodePostgres(pool) as unknown as Database;
  return {
    database,
    engine: 'postgres',
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

async function createPgliteStore(directory: string | null): Promise<Store> {
  if (directory) await mkdir(directory, { recursive: true });
  const client = await PGlite.create(directory ?? undefined);
  const database = drizzlePglite(client) as unknown as Database;
  return {
    database,
    engine: 'pglite',
    async ping() {
      await database.execute(sql`SELECT 1`);
    },
    async close() {
      await client.close();
    },
  };
}

export function createStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl
    ? createPostgresStore(options.databaseUrl, options.schema)
    : createPgliteStore(options.pgliteDirectory);
}

export function pgliteDirectoryOf(dataDirectory: string): string {
  return join(dataDirectory, 'pglite');
}
