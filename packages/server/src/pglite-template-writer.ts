import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { migrationSources } from './migration-sources.js';
import { createStore } from './platform/database/create-store.js';
import { migrate } from './platform/database/migrate.js';

/**
 * The migrations the template carries, as a digest of every source's name and SQL files: the build keeps a
 * template only while this (and PGlite's version) is unchanged, so an edited migration rebuilds it.
 */
export async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const source of migrationSources()) {
    const directory = fileURLToPath(source.directory);
    const names = (await readdir(directory)).filter((name) => name.endsWith('.sql')).sort();
    for (const name of names) {
      hash.update(`${source.module}/${name}\n`);
      hash.update(await readFile(`${directory}/${name}`));
    }
  }
  return hash.digest('hex');
}

/**
 * Run by the build (packages/server/scripts/server-build.mjs) from the bundle: a PGlite data directory after
 * initdb and every migration, for create-store.ts to copy on a first start. It opens the store as a server
 * does and runs the container's migrations, so the template is what a first start would have made.
 */
export async function writePgliteTemplate(directory: string): Promise<void> {
  const store = await createStore({ databaseUrl: null, schema: null, pgliteDirectory: directory });
  try {
    await migrate(store.database, migrationSources());
  } finally {
    await store.close();
  }
}
