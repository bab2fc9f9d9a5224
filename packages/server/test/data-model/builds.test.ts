import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildsTable } from '../../src/modules/data-model/data-model.tables.js';
import { readAllLogs } from '../deployments/deployment-helpers.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import { orphanedJob } from '../support/orphaned-job.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createModelDeployment,
  startDevMode,
  validCube,
  waitForBuild,
  writeFiles,
} from './data-model-helpers.js';

const brokenCube = `cubes:
  - name: broken
    sql_table: broken
    measures:
      - name: count
        type: not_a_type
`;

describe.each(storeEngines)('data-model builds on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the demo deployment its model on main, built on first start', async () => {
    const demoId = await findDeploymentId(server, 'demo');
    const status = await waitForBuild(server, demoId, 'main');
    expect(status).toMatchObject({
      deploymentId: demoId,
      branchName: 'main',
      mode: 'production',
      status: 'built',
    });
    expect(status.filesHash).toMatch(/^[0-9a-f]{40}$/);
    const validation = await server.request({
      method: 'GET',
      url: `/build/api/v1/deployments/${demoId}/data-model/validate`,
    });
    expect(validation.body).toEqual({ branchName: 'main', valid: true, errors: [], cubesCount: 6 });
  });

  it('builds after a commit: none, then building, then built, with INIT log lines', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    const statusUrl = `/api/v1/deployments/${deploymentId}/build-status?branchName=${branchName}`;
    expect((await server.request({ method: 'GET', url: statusUrl })).body).toMatchObject({
      status: 'none',
      mode: 'dev',
      updatedAt: null,
    });
    await writeFiles(server, base, { 'model/cubes/orders.yml': validCube('orders') });
    const committed = await server.request({
      method: 'POST',
      url: `${base}/commit`,
      body: { message: 'first' },
    });
    expect(committed.status).toBe(200);
    expect(committed.body).toMatchObject({
      buildTriggered: true,
      lastHash: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(['building', 'built']).toContain(
      ((await server.request({ method: 'GET', url: statusUrl })).body as { status: string }).status,
    );
    const status = await waitForBuild(server, deploymentId, branchName);
    expect(status).toMatchObject({ status: 'built', errorText: null });
    expect(Date.parse(status.updatedAt ?? '')).not.toBeNaN();
    const lines = (await readAllLogs(server, deploymentId, '&container=INIT')).map((entry) => entry.message);
    expect(lines.some((line) => /started$/.test(line))).toBe(true);
    expect(lines.some((line) => /built: 1 cube\(s\), 0 view\(s\)$/.test(line))).toBe(true);
  });

  it('fails a build whose model has errors, naming the file and line in status, validate and logs', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    await writeFiles(server, base, {
      'model/cubes/broken.yml': brokenCube,
      'model/cubes/ok.yml': validCube('ok'),
    });
    await server.request({ method: 'POST', url: `${base}/commit`, body: {} });
    const status = await waitForBuild(server, deploymentId, branchName);
    expect(status.status).toBe('failed');
    expect(status.errorText).toMatch(/model\/cubes\/broken\.yml:6: /);
    const validation = await server.request({
      method: 'GET',
      url: `${base}/data-model/validate?branchName=${branchName}`,
    });
    expect(validation.status).toBe(200);
    const body = validation.body as { valid: boolean; errors: Array<{ fileName: string; line?: number }> };
    expect(body.valid).toBe(false);
    expect(body.errors).toContainEqual(
      expect.objectContaining({ fileName: 'model/cubes/broken.yml', line: 6 }),
    );
    const lines = (await readAllLogs(server, deploymentId, '&container=INIT&source=dev')).map(
      (entry) => entry.message,
    );
    expect(lines.some((line) => line.startsWith('model/cubes/broken.yml:6: '))).toBe(true);
    expect(lines.some((line) => /failed with \d+ error\(s\)$/.test(line))).toBe(true);
  });

  it('finishes a build whose process stopped mid-build: another attempt takes its job over', async () => {
    const { deploymentId, base } = await createModelDeployment(server);
    const { branchName } = await startDevMode(server, base);
    await writeFiles(server, base, { 'model/cubes/orders.yml': validCube('orders') });
    await server.request({ method: 'POST', url: `${base}/commit`, body: {} });
    await waitForBuild(server, deploymentId, branchName);
    const database = server.container.platform.store.database;
    const [head] = await database
      .select({ commitOid: buildsTable.commitOid })
      .from(buildsTable)
      .where(eq(buildsTable.deploymentId, deploymentId));
    if (!head) throw new Error('the commit was not built');
    // What a process that died mid-build leaves: the build `building`, its job running, nobody beating.
    const [build] = await database
      .insert(buildsTable)
      .values({ deploymentId, branchName, commitOid: head.commitOid, status: 'building', attempt: 1 })
      .returning();
    if (!build) throw new Error('no build row');
    await orphanedJob(database, {
      name: 'data-model-build',
      payload: { buildId: build.id, source: 'production' },
    });
    expect(await waitForBuild(server, deploymentId, branchName)).toMatchObject({
      status: 'built',
      errorText: null,
    });
    const [after] = await database.select().from(buildsTable).where(eq(buildsTable.id, build.id));
    expect(after).toMatchObject({ status: 'built', attempt: 2 });
    const lines = (await readAllLogs(server, deploymentId, '&container=INIT')).map((entry) => entry.message);
    expect(lines).toContain(
      `build ${build.id} of ${branchName} at ${head.commitOid.slice(0, 7)} started again (attempt 2): the process building it stopped`,
    );
  });

  it('fails a build whose job was interrupted as often as it may be, with the reason', async () => {
    const { deploymentId } = await createModelDeployment(server);
    const database = server.container.platform.store.database;
    const [build] = await database
      .insert(buildsTable)
      .values({ deploymentId, branchName: 'main', commitOid: '0'.repeat(40), status: 'building', attempt: 3 })
      .returning();
    if (!build) throw new Error('no build row');
    await orphanedJob(database, {
      name: 'data-model-build',
      payload: { buildId: build.id, source: 'production' },
      attempt: 3,
    });
    expect(await waitForBuild(server, deploymentId, 'main')).toMatchObject({
      status: 'failed',
      errorText:
        'the build was interrupted 3 times (the process running attempt 3 stopped); commit again to retry',
    });
  });

  it('refuses validate and build-status for an unknown branch or deployment', async () => {
    const { base } = await createModelDeployment(server);
    expectErrorBody(
      await server.request({ method: 'GET', url: `${base}/data-model/validate?branchName=nope` }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'GET', url: '/build/api/v1/deployments/999999/data-model/validate' }),
      'NOT_FOUND',
    );
  });
});
