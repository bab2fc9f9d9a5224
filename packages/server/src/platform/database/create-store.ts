import type { Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * A PGlite data directory after initdb and every migration, written by the build (pglite-template-writer.ts):
 * a first start copies it instead of running initdb and the migrations, which take seconds and leave hundreds
 * of MB of WebAssembly memory behind. A plain directory copied by the file system, not a tarball PGlite
 * unpacks: that gunzipped and wrote every file through WebAssembly, seconds of a first start. Absent when
 * running from the sources, where the first start runs initdb and the migrations as before.
 */
const pgliteTemplateUrl = new URL('./pglite-template', import.meta.url);

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

/**
 * Copies the template's thousand-odd files at once (the copies run on libuv's thread pool): fs.cp copies one
 * file after another and took seconds. PGlite takes a directory holding PG_VERSION for a database: that
 * file is copied last, so a copy cut short leaves none, and the next start copies again over what it left.
 */
async function copyPgliteTemplate(directory: string): Promise<void> {
  const template = fileURLToPath(pgliteTemplateUrl);
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const targetOf = (entry: Dirent) => join(directory, relative(template, join(entry.parentPath, entry.name)));
  for (const entry of entries) {
    if (entry.isDirectory()) await mkdir(targetOf(entry), { recursive: true });
  }
  const versionFile = join(template, 'PG_VERSION');
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && join(entry.parentPath, entry.name) !== versionFile)
      .map((entry) => copyFile(join(entry.parentPath, entry.name), targetOf(entry))),
  );
  await copyFile(versionFile, join(directory, 'PG_VERSION'));
}

async function createPgliteStore(directory: string | null): Promise<Store> {
  if (directory) await mkdir(directory, { recursive: true });
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  if (directory && !(await exists(join(directory, 'PG_VERSION'))) && (await exists(pgliteTemplateUrl))) {
    await copyPgliteTemplate(directory);
  }
  const client = await PGlite.create(directory ?? undefined, {
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
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
