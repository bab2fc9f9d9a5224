import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ProcessRole } from '../../src/config.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import { buildsTable } from '../../src/modules/data-model/data-model.tables.js';
import { accountsTable } from '../../src/modules/identity/identity.tables.js';
import { jobsTable } from '../../src/platform/jobs/jobs.tables.js';
import { environmentWithArguments } from '../../src/process-arguments.js';

const silent = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

describe('the container lifecycle and process roles', () => {
  const cleanUps: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  async function containerOf(role: ProcessRole): Promise<Container> {
    const dataDirectory = await mkdtemp(join(tmpdir(), 'platform-lifecycle-'));
    cleanUps.push(() => rm(dataDirectory, { recursive: true, force: true }));
    const config = loadConfig({
      PLATFORM_DATA_DIR: dataDirectory,
      PLATFORM_DEMO_SCALE: '0.01',
      PLATFORM_ROLE: role,
      LOG_LEVEL: 'warn',
    });
    const container = await createContainer(config, createLogger(config.logLevel, silent), {
      isInMemory: true,
    });
    cleanUps.push(() => container.close());
    return container;
  }

  async function tableExists(container: Container, name: string): Promise<boolean> {
    const result = await container.platform.store.database.execute(
      sql`SELECT to_regclass(${name}) IS NOT NULL AS "exists"`,
    );
    // Both drivers (PGlite and node-postgres) answer with their rows under `rows`.
    return (result as { rows: Array<{ exists: boolean }> }).rows[0]?.exists === true;
  }

  it('runs nothing while building: migrations and the first account wait for start, and jobs are worked in role all', async () => {
    const container = await containerOf('all');
    expect(await tableExists(container, 'platform_migrations')).toBe(false);
    const { bootstrap } = await container.start({ writeKeyFile: false });
    expect(await tableExists(container, 'platform_migrations')).toBe(true);
    expect(bootstrap?.adminApiKey).toMatch(/^sk-/);
    await container.platform.jobs.idle();
    const builds = await container.platform.store.database.select().from(buildsTable);
    expect(builds.length).toBeGreaterThan(0);
    expect(builds.every((build) => build.status !== 'building')).toBe(true);
  }, 120_000);

  it('enqueues but does not work jobs in role api', async () => {
    const container = await containerOf('api');
    const { bootstrap } = await container.start({ writeKeyFile: false });
    expect(bootstrap?.adminApiKey).toMatch(/^sk-/);
    // idle() would wait for jobs only a working process runs: the queue itself shows none was claimed.
    const jobs = await container.platform.store.database.select().from(jobsTable);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.state === 'queued' && job.attempt === 0)).toBe(true);
    const builds = await container.platform.store.database.select().from(buildsTable);
    expect(builds.length).toBeGreaterThan(0);
    expect(builds.every((build) => build.status === 'building')).toBe(true);
  }, 120_000);

  it('creates no account in role worker, which serves no management API', async () => {
    const container = await containerOf('worker');
    expect((await container.start({ writeKeyFile: false })).bootstrap).toBeNull();
    expect(await container.platform.store.database.select().from(accountsTable)).toEqual([]);
  }, 120_000);

  it('takes the role from --role over PLATFORM_ROLE, and refuses an unknown role or argument', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig(environmentWithArguments(['--role', 'ai'], { PLATFORM_ROLE: 'api' })).role).toBe('ai');
    expect(loadConfig(environmentWithArguments(['--role=worker'], {})).role).toBe('worker');
    expect(() => loadConfig({ PLATFORM_ROLE: 'web' })).toThrow(ConfigError);
    expect(() => environmentWithArguments(['--role'], {})).toThrow(ConfigError);
    expect(() => environmentWithArguments(['--port', '1'], {})).toThrow(ConfigError);
  });
});
