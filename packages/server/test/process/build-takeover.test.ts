import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bigModel } from './big-model.js';
import { type RunningServer, startServerProcess, stopServerProcess } from './server-process.js';

const databaseUrl = process.env.DATABASE_URL ?? '';

/**
 * A real server process killed with SIGKILL while it builds: another process sharing the PostgreSQL
 * store and the data directory takes the build's job over once its heartbeat is stale, and finishes it.
 * PGlite cannot be shared between processes, so this runs on PostgreSQL only.
 */
describe.skipIf(!databaseUrl)('a build whose process is killed mid-build', () => {
  const schema = `build_takeover_${randomBytes(5).toString('hex')}`;
  let dataDirectory = '';
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;
  const client = new pg.Client({ connectionString: databaseUrl });

  afterAll(async () => {
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await client.end().catch(() => undefined);
    if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
  });

  it('is finished by another process', async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-build-takeover-'));
    await client.connect();
    const environment = {
      DATABASE_URL: databaseUrl,
      PLATFORM_DATABASE_SCHEMA: schema,
      PLATFORM_SECRET_KEY: randomBytes(32).toString('base64url'),
      PLATFORM_DATA_DIR: dataDirectory,
      PLATFORM_DEMO_SCALE: '0.01',
      PLATFORM_JOB_LEASE_SECONDS: '2',
      PLATFORM_BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
    };
    first = await startServerProcess(environment);
    const adminKey = first.adminKey;
    if (!adminKey) throw new Error(`the first process printed no admin key:\n${first.output()}`);
    const call = async <Value>(server: RunningServer, method: string, path: string, body?: object) => {
      const response = await fetch(`${server.managementUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Value;
    };
    const jobs = async () =>
      (
        await client.query<{ id: string; state: string; attempt: number; payload: { buildId?: number } }>(
          `SELECT id, state, attempt, payload FROM ${schema}.jobs ORDER BY id`,
        )
      ).rows;
    const until = async (condition: () => Promise<boolean>, what: string, seconds = 60) => {
      const deadline = Date.now() + seconds * 1000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${first?.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    // The demo's first build is over before the one under test starts.
    await until(async () => (await jobs()).every((job) => job.state === 'succeeded'), 'the demo build');

    const deployment = await call<{ id: number }>(first, 'POST', '/build/api/v1/deployments', {
      name: `takeover-${randomBytes(3).toString('hex')}`,
    });
    const base = `/build/api/v1/deployments/${deployment.id}`;
    const { branchName } = await call<{ branchName: string }>(first, 'POST', `${base}/dev-mode`, {});
    await call(first, 'PUT', `${base}/data-model/files`, {
      files: [{ path: 'model/cubes/many.yml', content: bigModel() }],
    });
    const jobsBefore = (await jobs()).length;
    await call(first, 'POST', `${base}/commit`, { message: 'a model that takes a while to build' });
    await until(
      async () => (await jobs()).slice(jobsBefore).some((job) => job.state === 'running'),
      'the claim',
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const [killed] = (await jobs()).slice(jobsBefore);
    // The kill landed mid-build: the job was still running its first attempt.
    expect(killed).toMatchObject({ state: 'running', attempt: 1 });
    const statusPath = `/api/v1/deployments/${deployment.id}/build-status?branchName=${branchName}`;

    second = await startServerProcess(environment);
    const running = second;
    await until(
      async () => (await call<{ status: string }>(running, 'GET', statusPath)).status !== 'building',
      'the build to finish on the second process',
      120,
    );
    expect(await call(running, 'GET', statusPath)).toMatchObject({ status: 'built', errorText: null });
    const [finished] = (await jobs()).slice(jobsBefore);
    expect(finished).toMatchObject({ id: killed?.id, state: 'succeeded', attempt: 2 });
  });
});
