import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbtSyncRunsTable } from '../../src/modules/dbt-sync/dbt-sync.tables.js';
import {
  createModelDeployment,
  readFiles,
  startDevMode,
  validCube,
  writeFiles,
} from '../data-model/data-model-helpers.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { readCatalogFixture, readManifestFixture } from './dbt-fixtures.js';
import { branchNames, syncBase, waitForSync } from './dbt-sync-helpers.js';

const schemaVersion = 'https://schemas.getdbt.com/dbt/manifest/v12.json';

const phases = [
  'INITIALIZING',
  'FETCHING_PROJECT',
  'PARSING_PROJECT',
  'PROCESSING_MANIFEST',
  'WRITING_CUBE_FILES',
  'FINALIZING',
];

describe.each(storeEngines)('dbt sync API on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function start(deploymentId: number, body: unknown, key?: string) {
    return server.request({ method: 'POST', url: syncBase(deploymentId), body, ...(key ? { key } : {}) });
  }

  async function startManifest(deploymentId: number, manifest: unknown, branchName?: string) {
    const answer = await start(deploymentId, {
      source: 'manifest',
      manifest,
      ...(branchName ? { branchName } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { syncJobId: string; workflowId: string; branchName: string };
  }

  it('syncs a real manifest to a new branch in one commit, built, with a result, logs and history', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const started = await startManifest(deploymentId, readManifestFixture('cube-dbt-jaffle-manifest.json'));
    expect(started.branchName).toMatch(/^dbt-sync\/manifest-\d{14}-[0-9a-f]{8}$/);
    expect(started.workflowId).toContain(started.syncJobId);
    const status = await waitForSync(server, deploymentId, started.syncJobId);
    expect(status).toMatchObject({
      status: 'COMPLETED',
      progress: { stage: 'COMPLETED', percentComplete: 100 },
    });

    const result = await server.request({
      method: 'GET',
      url: `${syncBase(deploymentId)}/${started.syncJobId}/result`,
    });
    expect(result.status).toBe(200);
    const body = result.body as {
      generatedFiles: Array<{ path: string }>;
      cubeCount: number;
      manifestStats: { models: number };
    };
    expect(body.generatedFiles.length).toBeGreaterThan(0);
    expect(body.cubeCount).toBe(body.generatedFiles.length);
    expect(body.manifestStats.models).toBeGreaterThan(0);
    for (const file of body.generatedFiles) expect(file.path).toMatch(/^model\/dbt\/.+\.yml$/);

    const files = await readFiles(server, base, started.branchName);
    expect(Object.keys(files).sort()).toEqual(body.generatedFiles.map((file) => `/${file.path}`).sort());
    const build = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deploymentId}/build-status?branchName=${encodeURIComponent(started.branchName)}`,
    });
    expect(build.body).toMatchObject({ status: 'built', branchName: started.branchName });

    const logs = await server.request({
      method: 'GET',
      url: `${syncBase(deploymentId)}/${started.syncJobId}/logs`,
    });
    const entries = (logs.body as { items: Array<{ phase?: string; durationMs?: number; level: string }> })
      .items;
    expect(entries.filter((entry) => phases.includes(entry.phase ?? '')).map((entry) => entry.phase)).toEqual(
      phases,
    );
    for (const entry of entries) expect(entry.level).toBe('info');
    for (const entry of entries.filter((item) => item.phase !== 'COMPLETED')) {
      expect(entry.durationMs).toEqual(expect.any(Number));
    }

    const history = await server.request({ method: 'GET', url: syncBase(deploymentId) });
    expect((history.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        syncJobId: started.syncJobId,
        deploymentId,
        status: 'COMPLETED',
        trigger: 'api',
        source: 'manifest',
        branchName: started.branchName,
        lastStage: 'COMPLETED',
        stats: expect.objectContaining({ cubeCount: body.cubeCount, generatedFileCount: body.cubeCount }),
      }),
    ]);
  });

  it('types dimensions from a catalog.json sent with the manifest, and fails a malformed one', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const answer = await start(deploymentId, {
      manifest: readManifestFixture('lightdash-jaffle-manifest.json'),
      catalog: readCatalogFixture(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const started = answer.body as { syncJobId: string; branchName: string };
    expect(await waitForSync(server, deploymentId, started.syncJobId)).toMatchObject({ status: 'COMPLETED' });
    const orders = (await readFiles(server, base, started.branchName))['/model/dbt/orders.yml'] ?? '';
    expect(orders).toMatch(/- name: order_date\n\s+sql: [^\n]+\n\s+type: time/);

    const broken = await start(deploymentId, {
      manifest: readManifestFixture('lightdash-jaffle-manifest.json'),
      catalog: { metadata: {}, nodes: [] },
    });
    const brokenRun = broken.body as { syncJobId: string; branchName: string };
    const status = await waitForSync(server, deploymentId, brokenRun.syncJobId);
    expect(status).toMatchObject({
      status: 'FAILED',
      error: 'catalog.json: nodes: expected an object, got a list',
    });
    expect(await branchNames(server, deploymentId)).not.toContain(brokenRun.branchName);
  });

  it('fails a malformed manifest with a message saying what is wrong and writes nothing', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const started = await startManifest(
      deploymentId,
      { metadata: { dbt_schema_version: schemaVersion }, nodes: 'not an object' },
      'dbt-broken',
    );
    const status = await waitForSync(server, deploymentId, started.syncJobId);
    expect(status.status).toBe('FAILED');
    expect(status.error).toMatch(/nodes/);
    expect(await branchNames(server, deploymentId)).not.toContain('dbt-broken');
    expectErrorBody(
      await server.request({ method: 'GET', url: `${syncBase(deploymentId)}/${started.syncJobId}/result` }),
      'CONFLICT',
    );
    const logs = await server.request({
      method: 'GET',
      url: `${syncBase(deploymentId)}/${started.syncJobId}/logs`,
    });
    expect((logs.body as { items: Array<{ level: string; phase?: string }> }).items.at(-1)).toMatchObject({
      level: 'error',
      phase: 'PARSING_PROJECT',
    });
  });

  it('fails a sync whose generated model does not build, and deletes its branch', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    // The deploy branch already has a cube named like a dbt model: the merged model has a duplicate.
    await startDevMode(server, base);
    expect((await writeFiles(server, base, { 'model/customers.yml': validCube('customers') })).status).toBe(
      200,
    );
    const merged = await server.request({
      method: 'POST',
      url: `${base}/merge-to-default`,
      body: { message: 'a customers cube' },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const started = await startManifest(
      deploymentId,
      readManifestFixture('lightdash-jaffle-manifest.json'),
      'dbt-dup',
    );
    const status = await waitForSync(server, deploymentId, started.syncJobId);
    expect(status.status).toBe('FAILED');
    expect(status.error).toMatch(/does not build/);
    expect(await branchNames(server, deploymentId)).not.toContain('dbt-dup');
  });

  it('pages and filters the history', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const good = await startManifest(deploymentId, readManifestFixture('lightdash-jaffle-manifest.json'));
    await waitForSync(server, deploymentId, good.syncJobId);
    const bad = await startManifest(deploymentId, { nodes: 1 });
    await waitForSync(server, deploymentId, bad.syncJobId);
    const list = async (query: string) => {
      const answer = await server.request({ method: 'GET', url: `${syncBase(deploymentId)}?${query}` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as {
        items: Array<{ syncJobId: string }>;
        pageInfo: { endCursor: string | null; hasNextPage: boolean };
      };
    };
    expect((await list('status=FAILED')).items.map((run) => run.syncJobId)).toEqual([bad.syncJobId]);
    expect((await list('status=COMPLETED')).items.map((run) => run.syncJobId)).toEqual([good.syncJobId]);
    expect((await list('trigger=api')).items).toHaveLength(2);
    expect((await list('trigger=webhook')).items).toEqual([]);
    expect((await list('status=UNKNOWN')).items).toEqual([]);
    const first = await list('first=1');
    expect(first.items.map((run) => run.syncJobId)).toEqual([bad.syncJobId]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(`first=1&after=${first.pageInfo.endCursor}`);
    expect(second.items.map((run) => run.syncJobId)).toEqual([good.syncJobId]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect((await list('first=500')).items).toHaveLength(2);
    // A page holds at most 100 runs, whatever `first` asks for.
    await server.container.platform.store.database.insert(dbtSyncRunsTable).values(
      Array.from({ length: 103 }, (_, index) => ({
        syncJobId: crypto.randomUUID(),
        deploymentId,
        status: 'COMPLETED' as const,
        stage: 'COMPLETED' as const,
        trigger: 'webhook' as const,
        source: 'git' as const,
        branchName: `dbt-sync/paging-${index}`,
        authorName: 'dbt webhook',
        authorEmail: 'platform@localhost',
      })),
    );
    const full = await list('trigger=webhook&first=500');
    expect(full.items).toHaveLength(100);
    expect(full.pageInfo.hasNextPage).toBe(true);
    const rest = await list(`trigger=webhook&first=500&after=${full.pageInfo.endCursor}`);
    expect(rest.items).toHaveLength(3);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    expectErrorBody(
      await server.request({ method: 'GET', url: `${syncBase(deploymentId)}?status=DONE` }),
      'BAD_REQUEST',
    );
  });

  it('refuses bad starts with a 4xx naming the problem', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const manifest = readManifestFixture('cube-dbt-jaffle-manifest.json');
    for (const body of [
      { source: 'manifest', manifest, ref: '' },
      { source: 'manifest', manifest, branchName: '' },
    ]) {
      const answer = await start(deploymentId, body);
      expectErrorBody(answer, 'BAD_REQUEST');
      expect((answer.body as { message: string }).message).toMatch(/ref|branchName/);
    }
    const git = await start(deploymentId, { source: 'git', ref: 'main' });
    expectErrorBody(git, 'BAD_REQUEST');
    expect((git.body as { message: string }).message).toContain('needs a connected dbt repository');
    expect(errorMessageOf(await start(deploymentId, { source: 'manifest' }), 'BAD_REQUEST')).toContain(
      'source "manifest" needs a manifest',
    );
    expectErrorBody(
      await start(deploymentId, { source: 'manifest', manifest, branchName: 'a..b' }),
      'BAD_REQUEST',
    );
    expectErrorBody(
      await start(deploymentId, { source: 'manifest', manifest, branchName: 'main' }),
      'CONFLICT',
    );
    expectErrorBody(
      await server.request({ method: 'GET', url: `${syncBase(deploymentId)}/not-a-uuid` }),
      'BAD_REQUEST',
    );
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `${syncBase(deploymentId)}/6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`,
      }),
      'NOT_FOUND',
    );
  });

  it('lets a viewer read syncs but not start or cancel one', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const { key } = await createUserWithKey(server, 'viewer');
    const started = await startManifest(deploymentId, { nodes: 1 });
    await waitForSync(server, deploymentId, started.syncJobId);
    expectErrorBody(
      await start(deploymentId, { source: 'manifest', manifest: { nodes: {} } }, key),
      'FORBIDDEN',
    );
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${syncBase(deploymentId)}/${started.syncJobId}`, key }),
      'FORBIDDEN',
    );
    const status = await server.request({
      method: 'GET',
      url: `${syncBase(deploymentId)}/${started.syncJobId}`,
      key,
    });
    expect(status.status).toBe(200);
    const history = await server.request({ method: 'GET', url: syncBase(deploymentId), key });
    expect((history.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it('cancels a running sync: no branch is left, history CANCELLED, status FAILED', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const started = await startManifest(
      deploymentId,
      readManifestFixture('metricflow-core112-manifest.json'),
    );
    const cancel = await server.request({
      method: 'DELETE',
      url: `${syncBase(deploymentId)}/${started.syncJobId}`,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((cancel.body as { message: string }).message).toContain('cancelled');
    const status = await waitForSync(server, deploymentId, started.syncJobId);
    expect(status).toMatchObject({ status: 'FAILED', error: 'cancelled' });
    expect(await branchNames(server, deploymentId)).not.toContain(started.branchName);
    const history = await server.request({
      method: 'GET',
      url: `${syncBase(deploymentId)}?status=CANCELLED`,
    });
    expect(
      (history.body as { items: Array<{ syncJobId: string }> }).items.map((run) => run.syncJobId),
    ).toEqual([started.syncJobId]);
    // An ended sync cannot be cancelled again.
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${syncBase(deploymentId)}/${started.syncJobId}` }),
      'CONFLICT',
    );
  });
});
