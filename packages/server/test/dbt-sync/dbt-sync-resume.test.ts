import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDbtManifest } from '../../../../bench/support/generated-dbt-manifest.js';
import type { Container } from '../../src/container.js';
import { repositoryIdOf } from '../../src/modules/data-model/data-model-access.js';
import { dbtSyncManifestsTable, dbtSyncRunsTable } from '../../src/modules/dbt-sync/dbt-sync.tables.js';
import { createModelDeployment, readFiles } from '../data-model/data-model-helpers.js';
import { startDiskContainer } from '../support/disk-container.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { branchNames, logMessagesOf, syncBase, waitForSync } from './dbt-sync-helpers.js';

const twoHoursAgo = () => new Date(Date.now() - 7_200_000);

/** Long enough that no periodic sweep runs during a test: the tests call the sweep themselves. */
const leaseEnvironment = { PLATFORM_DBT_SYNC_LEASE_SECONDS: '3600' };

/**
 * What a process that died during a sync leaves behind: the run RUNNING at some stage with a heartbeat
 * nobody moves any more, its kept manifest, and (past WRITING_CUBE_FILES) its half-done branch.
 */
async function orphanedRun(
  container: Container,
  deploymentId: number,
  options: {
    attempts?: number;
    heartbeatAt?: Date | SQL;
    keepManifest?: boolean;
    leftBranch?: boolean;
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
      heartbeatAt: options.heartbeatAt ?? twoHoursAgo(),
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
    expect(await server.container.services.dbtSync.resumeStale()).toEqual({ resumed: 1, failed: 0 });
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

  it('claims a run whose heartbeat the store itself wrote, to the microsecond', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, {
      heartbeatAt: sql`now() - interval '2 hours'`,
    });
    expect(await server.container.services.dbtSync.resumeStale()).toEqual({ resumed: 1, failed: 0 });
    expect(await waitForSync(server, deploymentId, run.syncJobId)).toMatchObject({ status: 'COMPLETED' });
  });

  it('stops a job whose run another process has taken over, writing nothing', async () => {
    const { deploymentId } = await createModelDeployment(server);
    // The run is at attempt 2 (taken over); a job of attempt 1 (the late process) comes to it.
    const run = await orphanedRun(server.container, deploymentId, { attempts: 2, heartbeatAt: new Date() });
    await server.container.platform.jobs.enqueue('dbt-sync', { runId: run.id, attempt: 1 });
    await server.container.platform.jobs.idle();
    const [after] = await server.container.platform.store.database
      .select()
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, run.id));
    expect(after).toMatchObject({ status: 'RUNNING', stage: 'WRITING_CUBE_FILES', attempts: 2, logs: [] });
    expect(await branchNames(server, deploymentId)).not.toContain(run.branchName);
    // Ended here so that no later sweep of this server picks it up.
    await server.container.platform.store.database
      .update(dbtSyncRunsTable)
      .set({ status: 'FAILED' })
      .where(eq(dbtSyncRunsTable.id, run.id));
  });

  it('leaves a run whose heartbeat is fresh to the process running it', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { heartbeatAt: new Date() });
    expect(await server.container.services.dbtSync.resumeStale()).toEqual({ resumed: 0, failed: 0 });
    // Ended here so that no later sweep of this server picks it up.
    await server.container.platform.store.database
      .update(dbtSyncRunsTable)
      .set({ status: 'FAILED' })
      .where(eq(dbtSyncRunsTable.id, run.id));
  });

  it('fails a run interrupted three times, with the reason, and keeps nothing', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { attempts: 3 });
    expect(await server.container.services.dbtSync.resumeStale()).toEqual({ resumed: 0, failed: 1 });
    const status = await waitForSync(server, deploymentId, run.syncJobId);
    expect(status).toMatchObject({
      status: 'FAILED',
      error: 'the server stopped while the sync ran 3 times; start it again',
    });
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
    expect(await server.container.services.dbtSync.resumeStale()).toEqual({ resumed: 1, failed: 0 });
    const status = await waitForSync(server, deploymentId, run.syncJobId);
    expect(status).toMatchObject({
      status: 'FAILED',
      error: 'the uploaded manifest was not kept; start the sync again',
    });
    expect(await branchNames(server, deploymentId)).not.toContain(run.branchName);
  });

  it('cancels a resumed run at its first phase boundary, removing the branch its stopped attempt left', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId, { leftBranch: true });
    const cancel = await server.request({
      method: 'DELETE',
      url: `${syncBase(deploymentId)}/${run.syncJobId}`,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await server.container.services.dbtSync.resumeStale()).toEqual({ resumed: 1, failed: 0 });
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

  it('lets only one of two sweeps take a run', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const run = await orphanedRun(server.container, deploymentId);
    const outcomes = await Promise.all([
      server.container.services.dbtSync.resumeStale(),
      server.container.services.dbtSync.resumeStale(),
    ]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.resumed, 0)).toBe(1);
    expect(await waitForSync(server, deploymentId, run.syncJobId)).toMatchObject({ status: 'COMPLETED' });
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
    container = await startDiskContainer(dataDirectory, leaseEnvironment);
    await container.platform.jobs.idle();
    const [after] = await container.platform.store.database
      .select()
      .from(dbtSyncRunsTable)
      .where(eq(dbtSyncRunsTable.id, run.id));
    expect(after, JSON.stringify(after?.logs)).toMatchObject({ status: 'COMPLETED', attempts: 2 });
    const files = await container.platform.gitStore.listFiles(
      repositoryIdOf(1),
      (await container.platform.gitStore.resolveBranch(repositoryIdOf(1), run.branchName)) ?? '',
    );
    expect(files.map((file) => file.path)).not.toContain('model/dbt/half-written.yml');
    expect(files.filter((file) => file.path.startsWith('model/dbt/')).length).toBeGreaterThan(0);
  });
});
