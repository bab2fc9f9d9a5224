import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  accountFilePath,
  createDuckDbFile,
  deployModel,
  loadUrl,
  setEnvVars,
  shopModel,
  shopStatements,
} from '../semantic-api/semantic-api-helpers.js';
import {
  createOtherAccount,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { createDeployment } from './deployment-helpers.js';

const refusal = (url: string) =>
  `PLATFORM_DB_URL "${url}" is not a DuckDB file this deployment may open: name an existing file in a directory of PLATFORM_DUCKDB_DIRS (a relative path is read in the account's own directory; inside the data directory only that directory is allowed)`;

const ordersCount = { measures: ['orders.count'] };

describe.each(storeEngines)('the DuckDB files of deployments, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let outside: string;
  let outsideFile: string;
  let demoFile: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    outside = await mkdtemp(join(tmpdir(), 'platform-outside-'));
    outsideFile = join(outside, 'shop.duckdb');
    await createDuckDbFile(outsideFile, shopStatements());
    const demo = await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' });
    const demoId = (demo.body as { items: { id: number; name: string }[] }).items.find(
      (item) => item.name === 'demo',
    )?.id;
    demoFile = await accountFilePath(server, demoId ?? 0, 'demo/sample-data.duckdb');
  });
  afterAll(async () => {
    await server?.close();
    await rm(outside, { recursive: true, force: true });
  });

  async function putDuckDb(deploymentId: number, url: string, key?: string) {
    return server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${deploymentId}/env-vars`,
      body: {
        env_variables: [
          { name: 'PLATFORM_DB_TYPE', value: 'duckdb' },
          { name: 'PLATFORM_DB_URL', value: url },
        ],
      },
      ...(key ? { key } : {}),
    });
  }

  async function variablesOf(deploymentId: number, key?: string) {
    const answer = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deploymentId}/env-vars`,
      ...(key ? { key } : {}),
    });
    return answer.body;
  }

  it('refuse a path outside the allowed directories when the variable is set (400), changing nothing', async () => {
    const deployment = await createDeployment(server);
    const before = await variablesOf(deployment.id);
    for (const url of [
      outsideFile,
      join(outside, 'missing.duckdb'),
      `${outside}/../${outside.split('/').pop()}/shop.duckdb`,
      `/proc/self/root${outsideFile}`,
      '../../../outside.duckdb',
      join(server.dataDirectory, 'secret-key'),
    ]) {
      const answer = await putDuckDb(deployment.id, url);
      expectErrorBody(answer, 'BAD_REQUEST');
      expect((answer.body as { message: string }).message, url).toBe(refusal(url));
    }
    expect(await variablesOf(deployment.id)).toEqual(before);
    expect(await readdir(outside)).toEqual(['shop.duckdb']);
  });

  it("keep another account's deployments away from the demo's sample data", async () => {
    const other = await createOtherAccount(server);
    const created = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name: 'intruder' },
      key: other.adminKey,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const intruderId = (created.body as { id: number }).id;
    for (const url of [demoFile, `/proc/self/root${demoFile}`, `../${demoFile.split('/accounts/')[1]}`]) {
      const answer = await putDuckDb(intruderId, url, other.adminKey);
      expectErrorBody(answer, 'BAD_REQUEST');
      expect((answer.body as { message: string }).message).toBe(refusal(url));
    }
    // The demo's own relative path names the intruder's account directory, where no such file is.
    expect((await putDuckDb(intruderId, 'demo/sample-data.duckdb', other.adminKey)).status).toBe(200);
    const load = await server.request({
      method: 'GET',
      url: loadUrl(intruderId, { measures: ['orders.count'] }),
      key: other.adminKey,
    });
    expectErrorBody(load, 'BAD_REQUEST');
    expect((load.body as { message: string }).message).toContain(refusal('demo/sample-data.duckdb'));
  });

  it('never follow a link swapped after the check: the open file is kept, and every (re)open checks again', async () => {
    const deployment = await createDeployment(server);
    const target = await accountFilePath(server, deployment.id, 'shop.duckdb');
    await createDuckDbFile(target, shopStatements());
    // Outside and told apart by its rows: an answer from it would count no orders.
    const elsewhere = join(outside, 'emptied.duckdb');
    await createDuckDbFile(elsewhere, [...shopStatements(), 'DELETE FROM orders']);
    const link = await accountFilePath(server, deployment.id, 'current.duckdb');
    await symlink(target, link);
    await setEnvVars(server, deployment.id, {
      PLATFORM_DB_TYPE: 'duckdb',
      PLATFORM_DB_URL: 'current.duckdb',
    });
    await deployModel(server, deployment.id, shopModel());
    const allowed = await server.request({ method: 'GET', url: loadUrl(deployment.id, ordersCount) });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const count = (allowed.body as { data: Array<Record<string, unknown>> }).data[0]?.['orders.count'];
    expect(Number(count)).toBeGreaterThan(0);

    await rm(link);
    await symlink(elsewhere, link);
    // The settings were resolved to the real file, which stays open: the swapped link leads nowhere.
    const kept = await server.request({ method: 'GET', url: loadUrl(deployment.id, ordersCount) });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((kept.body as { data: unknown[] }).data).toEqual([{ 'orders.count': count }]);

    // The real file itself replaced by a link: refused when the pool opens it again.
    await rm(target);
    await symlink(elsewhere, target);
    await server.container.platform.warehousePool.evict(deployment.id);
    const reopened = await server.request({ method: 'GET', url: loadUrl(deployment.id, ordersCount) });
    expectErrorBody(reopened, 'BAD_REQUEST');
    expect((reopened.body as { message: string }).message).toContain(refusal('current.duckdb'));
  });

  it('refuse a missing file with the same text when a query opens it, and never create it', async () => {
    const deployment = await createDeployment(server);
    await setEnvVars(server, deployment.id, { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: 'later.duckdb' });
    await deployModel(server, deployment.id, shopModel());
    const answer = await server.request({ method: 'GET', url: loadUrl(deployment.id, ordersCount) });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toContain(refusal('later.duckdb'));
    const directory = await accountFilePath(server, deployment.id, '');
    expect(await readdir(directory).catch(() => [])).not.toContain('later.duckdb');
  });

  it('still serve the demo from its own sample data', async () => {
    const listed = await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' });
    const demoId = (listed.body as { items: { id: number; name: string }[] }).items.find(
      (item) => item.name === 'demo',
    )?.id;
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(demoId ?? 0, { measures: ['orders.count'] }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
