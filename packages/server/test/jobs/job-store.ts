import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createStore } from '../../src/platform/database/create-store.js';
import type { Store } from '../../src/platform/database/database.js';
import { migrate } from '../../src/platform/database/migrate.js';
import { type JobRow, jobsTable } from '../../src/platform/jobs/jobs.tables.js';
import { jobsMigrationSource } from '../../src/platform/jobs/jobs-migration-source.js';
import type { StoreEngine } from '../support/test-server.js';

export interface JobStores {
  /** Two connections to one queue: two pools of PostgreSQL, or the one PGlite (which cannot be shared). */
  first: Store;
  second: Store;
  close(): Promise<void>;
}

/** A fresh queue: the jobs table alone, in a schema of its own on PostgreSQL. */
export async function openJobStores(engine: StoreEngine): Promise<JobStores> {
  const jobsSource = [jobsMigrationSource];
  if (engine === 'pglite') {
    const store = await createStore({ databaseUrl: null, schema: null, pgliteDirectory: null });
    await migrate(store.database, jobsSource);
    return { first: store, second: store, close: () => store.close() };
  }
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const schema = `jobs_${randomBytes(6).toString('hex')}`;
  const first = await createStore({ databaseUrl, schema, pgliteDirectory: null });
  await migrate(first.database, jobsSource);
  const second = await createStore({ databaseUrl, schema, pgliteDirectory: null });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

export async function jobRow(store: Store, jobId: number): Promise<JobRow> {
  const [row] = await store.database.select().from(jobsTable).where(eq(jobsTable.id, jobId));
  if (!row) throw new Error(`no job ${jobId}`);
  return row;
}

/** Resolves once the condition holds; fails the test after a generous deadline instead of hanging. */
export async function eventually(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
