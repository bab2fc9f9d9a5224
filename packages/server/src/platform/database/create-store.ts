import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Store } from './database.js';

export interface StoreOptions {
  databaseUrl: string | null;
  /** For PostgreSQL: keep every table in this schema (created when missing). */
  schema: string | null;
  /** For PGlite: a data directory on disk, or null for memory. */
  pgliteDirectory: string | null;
}

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * An initialised, empty PGlite data directory, written by the build (packages/server/scripts): a first
 * start unpacks it instead of running initdb, which takes seconds and leaves hundreds of MB of WebAssembly
 * memory behind. Absent when running from the sources, where the first start runs initdb as before.
 */
const pgliteTemplateUrl = new URL('./pglite-template.tar.gz', import.meta.url);

/**
 * PGlite's default of 128 MB of shared buffers is all resident once touched; the embedded store holds the
 * platform's own metadata, for which 16 MB is ample. PostgreSQL itself keeps its operator's settings.
 */
const pgliteSettings = ['-c', 'shared_buffers=16MB'];

async function exists(path: string | URL): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function createPostgresStore(databaseUrl: string, schema: string | null): Promise<Store> {
  if (schema !== null && !schemaNamePattern.test(schema)) {
    throw new Error(`database schema name "${schema}" must match ${schemaNamePattern}`);
  }
  // Drivers are imported for the engine in use only: a PGlite process never loads pg, and the reverse.
  const [{ default: pg }, { drizzle: drizzleNodePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
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
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const isNew = directory !== null && !(await exists(join(directory, 'PG_VERSION')));
  const template = isNew && (await exists(pgliteTemplateUrl)) ? await readFile(pgliteTemplateUrl) : null;
  const client = await PGlite.create(directory ?? undefined, {
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
    ...(template ? { loadDataDir: new Blob([template]) } : {}),
  });
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
