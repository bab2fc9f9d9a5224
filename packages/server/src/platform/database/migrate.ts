import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';

/** A module's migrations: numbered SQL files in its own `migrations/` folder (modules own their tables). */
export interface MigrationSource {
  module: string;
  directory: URL;
}

// One arbitrary constant: every process that migrates takes the same advisory lock, so only one does at a time.
const migrationLockKey = 746_513_201;

async function migrationFiles(source: MigrationSource): Promise<Array<{ name: string; path: string }>> {
  const directory = fileURLToPath(source.directory);
  const names = (await readdir(directory)).filter((name) => name.endsWith('.sql')).sort();
  return names.map((name) => ({ name, path: `${directory}/${name}` }));
}

/**
 * Applies every migration not yet applied, each in its own transaction together with its bookkeeping
 * row, so a failure leaves the store as it was before that migration.
 */
export async function migrate(database: Database, sources: readonly MigrationSource[]): Promise<string[]> {
  const applied: string[] = [];
  await database.execute(sql`CREATE TABLE IF NOT EXISTS platform_migrations (
    module text NOT NULL,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (module, name)
  )`);
  // One read finds what is applied; only the rest take the lock (and are checked again under it). A
  // restart with nothing to apply then costs one query instead of a transaction per file.
  const done = await database.execute(sql`SELECT module, name FROM platform_migrations`);
  const appliedBefore = new Set(
    (done as unknown as { rows: Array<{ module: string; name: string }> }).rows.map(
      (row) => `${row.module}/${row.name}`,
    ),
  );
  for (const source of sources) {
    for (const file of await migrationFiles(source)) {
      if (appliedBefore.has(`${source.module}/${file.name}`)) continue;
      const text = await readFile(file.path, 'utf8');
      await database.transaction(async (transaction) => {
        await transaction.execute(sql`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
        const existing = await transaction.execute(
          sql`SELECT 1 FROM platform_migrations WHERE module = ${source.module} AND name = ${file.name}`,
        );
        if ((existing as unknown as { rows: unknown[] }).rows.length > 0) return;
        for (const statement of text
          .split(/;\s*$/m)
          .map((part) => part.trim())
          .filter(Boolean)) {
          await transaction.execute(sql.raw(statement));
        }
        await transaction.execute(
          sql`INSERT INTO platform_migrations (module, name) VALUES (${source.module}, ${file.name})`,
        );
        applied.push(`${source.module}/${file.name}`);
      });
    }
  }
  return applied;
}
