import { readdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationSources } from '../../src/migration-sources.js';
import { migrationsDigest } from '../../src/pglite-template-writer.js';

const modulesDirectory = fileURLToPath(new URL('../../src/modules/', import.meta.url));

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

describe('migration sources', () => {
  it('list the job queue first, then every module that has a migrations folder, each once', async () => {
    const withMigrations: string[] = [];
    for (const name of await readdir(modulesDirectory)) {
      if (await isDirectory(`${modulesDirectory}${name}/migrations`)) withMigrations.push(name);
    }
    const listed = migrationSources().map((source) => source.module);
    expect(listed[0]).toBe('jobs');
    expect([...listed.slice(1)].sort()).toEqual(withMigrations.sort());
    for (const source of migrationSources()) {
      expect(fileURLToPath(source.directory)).toMatch(new RegExp(`/${source.module}/migrations/$`));
    }
  });

  it('give the PGlite template a key that names the migration files it was made from', async () => {
    const digest = await migrationsDigest();
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await migrationsDigest()).toBe(digest);
  });
});
