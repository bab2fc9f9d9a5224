import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDbtManifest } from '../../../../bench/support/generated-dbt-manifest.js';
import type { Container } from '../../src/container.js';
import { repositoryIdOf } from '../../src/modules/data-model/data-model-access.js';
import { dbtSyncManifestsTable, dbtSyncRunsTable } from '../../src/modules/dbt-sync/dbt-sync.tables.js';
import { createModelDeployment, readFiles } from '../data-model/data-model-helpers.js';
import { startDiskContainer } from '../support/disk-container.js';
import { orphanedJob } from '../support/orphaned-job.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { branchNames, logMessagesOf, syncBase, waitForSync } from './dbt-sync-helpers.js';

/** The orphaned jobs' heartbeats are two hours old: stale under this lease, which no running job outlives. */
const leaseEnvironment = { PLATFORM_JOB_LEASE_SECONDS: '3600' };

/**
 * What a process that died during a sync leaves behind: the run RUNNING at some stage, its job running
 * with a heartbeat nobody moves any more, its kept manifest, and (past WRITING_CUBE_FILES) its half-done
 * branch. The job runner of the server under test takes such a job over by itself.
 */
async function orphanedRun(
  container: Container,
  deploymentId: number,
  options: {
    attempts?: number;
    keepManifest?: boolean;
    leftBranch?: boolean;
    /** Leave the run without its job (the test enqueues one itself). */
    withoutJob?: boolean;
  } = {},
) {
  const database = container.platform.store.database;
  const branchName = `dbt-sync/orphan-${Math.random().toString(16).slice(2, 10)}`;
  const [row] = await database
    .insert(dbtSyncRunsTable)
    .values({
      syncJobId: crypto.randomUUID(),
      deploymentId,
      status: 'RUNNING',
      stage: 'WRITING_CUBE_FILES',
      percentComplete: 60,
      trigger: 'api',
      source: 'manifest',
      branchName,
      authorName: 'someone@example.com',
      authorEmail: 'someone@example.com',
      attempts: options.attempts ?? 1,
    })
    .returning();
  if (!row) throw new Error('no run row');
  if (options.keepManifest !== false) {
    await database
      .insert(dbtSyncManifestsTable)
      .values({ runId: row.id, manifest: JSON.stringify(generatedDbtManifest(6)) });
  }
  if (options.leftBranch) {
    const repositoryId = repositoryIdOf(deploymentId);
    await container.platform.gitStore.ensureRepository(repositoryId, {
      defaultBranch: 'main',
      author: { name: 'x', email: 'x@example.com' },
    });
    const head = await container.platform.gitStore.resolveBranch(repositoryId, 'main');
    if (!head) throw new Error('no main branch');
    await container.platform.gitStore.createBranch(repositoryId, branchName, head);
    await container.platform.gitStore.commitToBranch(repositoryId, {
      branch: branchName,
      expectedHead: head,
      changes: [{ path: 'model/dbt/half-written.yml', content: new TextEncoder().encode('cubes: [') }],
      message: 'half a sync',
      author: { name: 'x', email: 'x@example.com' },
      rebaseOnRace: false,
    });
  }
  if (!options.withoutJob) {
    await orphanedJob(database, { name: 'dbt-sync', payload: { runId: row.id }, attempt: row.attempts });
  }
  return row;
}

describe.each(storeEngines)('dbt syncs a stopped process left running, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, environment: leaseEnvironment });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('resumes an orphaned run from the start: its left-over branch is replaced by the full result', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { leftBranch: true });
    const status = await waitForSync(server, deploymentId, run.syncJobId);
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'COMPLETED' });
    const files = Object.keys(await readFiles(server, base, run.branchName));
    expect(files).not.toContain('/model/dbt/half-written.yml');
    expect(files.length).toBeGreaterThan(0);
    for (const path of files) expect(path).toMatch(/^\/model\/dbt\/model_\d{5}\.yml$/);
    expect(await logMessagesOf(server, deploymentId, run.syncJobId)).toContain(
      'resumed from the start (attempt 2)',
    );
    const [after] = await server.container.platform.store.database
      .select()
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, run.id));
    expect(after?.attempts).toBe(2);
    // The kept manifest goes once the run has ended.
    const kept = await server.container.platform.store.database
      .select()
      .from(dbtSyncManifestsTable)
      .where(eq(dbtSyncManifestsTable.runId, run.id));
    expect(kept).toEqual([]);
  });

  it('stops a job whose run another process has taken over, writing nothing', async () => {
    const { deploymentId } = await createModelDeployment(server);
    // The run is at attempt 2 (taken over); a job of attempt 1 (the late process) comes to it.
    const run = await orphanedRun(server.container, deploymentId, { attempts: 2, withoutJob: true });
    await server.container.platform.jobs.enqueue('dbt-sync', { runId: run.id });
    await server.container.platform.jobs.idle();
    const [after] = await server.container.platform.store.database
      .select()
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, run.id));
    expect(after).toMatchObject({ status: 'RUNNING', stage: 'WRITING_CUBE_FILES', attempts: 2, logs: [] });
    expect(await branchNames(server, deploymentId)).not.toContain(run.branchName);
  });

  it('fails a run interrupted three times, with the reason, and keeps nothing', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { attempts: 3, leftBranch: true });
    const status = await waitForSync(server, deploymentId, run.syncJobId);
    expect(status).toMatchObject({
      status: 'FAILED',
      error: 'the server stopped while the sync ran 3 times; start it again',
    });
    expect(await branchNames(server, deploymentId)).not.toContain(run.branchName);
    const kept = await server.container.platform.store.database
      .select()
      .from(dbtSyncManifestsTable)
      .where(eq(dbtSyncManifestsTable.runId, run.id));
    expect(kept).toEqual([]);
    const history = await server.request({ method: 'GET', url: syncBase(deploymentId) });
    expect((history.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        syncJobId: run.syncJobId,
        status: 'FAILED',
        lastStage: 'WRITING_CUBE_FILES',
      }),
    ]);
  });

  it('fails a resumed run whose manifest was not kept, saying so, and removes its branch', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { keepManifest: false, leftBranch: true });
    const status = await waitForSync(server, deploymentId, run.syncJobId);
    expect(status).toMatchObject({
      status: 'FAILED',
      error: 'the uploaded manifest was not kept; start the sync again',
    });
    expect(await branchNames(server, deploymentId)).not.toContain(run.branchName);
  });

  it('cancels a resumed run at its first phase boundary, removing the branch its stopped attempt left', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { leftBranch: true, withoutJob: true });
    const cancel = await server.request({
      method: 'DELETE',
      url: `${syncBase(deploymentId)}/${run.syncJobId}`,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // Only now is the job found: the cancel was recorded before the takeover.
    await orphanedJob(server.container.platform.store.database, {
      name: 'dbt-sync',
      payload: { runId: run.id },
    });
    expect(await waitForSync(server, deploymentId, run.syncJobId)).toMatchObject({
      status: 'FAILED',
      error: 'cancelled',
    });
    expect(await branchNames(server, deploymentId)).not.toContain(run.branchName);
    const history = await server.request({
      method: 'GET',
      url: `${syncBase(deploymentId)}?status=CANCELLED`,
    });
    expect(
      (history.body as { items: Array<{ syncJobId: string }> }).items.map((item) => item.syncJobId),
    ).toEqual([run.syncJobId]);
  });
});

describe('a dbt sync across a restart of the server', () => {
  let dataDirectory: string;
  let container: Container | null = null;
  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'platform-dbt-restart-'));
  });
  afterAll(async () => {
    await container?.close();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('is resumed by the next start of the server and completes', async () => {
    container = await startDiskContainer(dataDirectory, leaseEnvironment);
    const [demo] = await container.platform.store.database.select().from(dbtSyncRunsTable).limit(1);
    expect(demo).toBeUndefined();
    // The demo deployment (id 1) has a model of its own; the generated cubes sit beside it.
    const run = await orphanedRun(container, 1, { leftBranch: true });
    await container.close();
    // The lease under its former name, which is still read.
    container = await startDiskContainer(dataDirectory, { PLATFORM_DBT_SYNC_LEASE_SECONDS: '3600' });
    const restarted = container;
    const runRow = async () => {
      const [row] = await restarted.platform.store.database
        .select()
        .from(dbtSyncRunsTable)
        .where(eq(dbtSyncRunsTable.id, run.id));
      return row;
    };
    const deadline = Date.now() + 30_000;
    while ((await runRow())?.status === 'RUNNING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await runRow();
    expect(after, JSON.stringify(after?.logs)).toMatchObject({ status: 'COMPLETED', attempts: 2 });
    const files = await container.platform.gitStore.listFiles(
      repositoryIdOf(1),
      (await container.platform.gitStore.resolveBranch(repositoryIdOf(1), run.branchName)) ?? '',
    );
    expect(files.map((file) => file.path)).not.toContain('model/dbt/half-written.yml');
    expect(files.filter((file) => file.path.startsWith('model/dbt/')).length).toBeGreaterThan(0);
  });
});
