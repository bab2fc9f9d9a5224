import type { BuildStatus } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headOf,
  readFiles,
  startDevMode,
  waitForBuild,
  writeFiles,
} from '../data-model/data-model-helpers.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { dataApiUrl, deployModel, loadUrl } from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse, warehouseOfEngine } from './shop-warehouse.js';

const ordersPath = 'model/cubes/orders.yml';

describe.each(storeEngines)('a commit whose model fails to build, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let base: string;
  let goodOrders: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, warehouseOfEngine(engine));
    base = `/build/api/v1/deployments/${shop.deploymentId}`;
    goodOrders = (await readFiles(server, base, 'main'))[`/${ordersPath}`] ?? '';
    expect(goodOrders).toContain('type: sum');
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  /** The orders cube as first deployed (its table prefix included), with `edit` applied to its text. */
  const ordersWith = (edit: (text: string) => string) => edit(goodOrders);

  async function count(branchName?: string) {
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, { measures: ['orders.count'] }, branchName ? { branchName } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: Array<Record<string, unknown>> }).data[0]?.['orders.count'];
  }

  it('keeps answering from the last commit that built, reports the failure, and serves the fix', async () => {
    const good = await headOf(server, base, 'main');
    expect(await waitForBuild(server, shop.deploymentId, 'main')).toMatchObject({
      status: 'built',
      commitOid: good,
      servedCommitOid: good,
    });

    // One line of the cube now names a measure type that does not exist.
    const broken = ordersWith((text) => text.replace('type: sum', 'type: not_a_type'));
    const brokenLine = broken.split('\n').findIndex((line) => line.includes('not_a_type')) + 1;
    await deployModel(server, shop.deploymentId, { [ordersPath]: broken });
    const bad = await headOf(server, base, 'main');
    expect(bad).not.toBe(good);

    expect(await count()).toBe(6);
    const meta = await server.request({ method: 'GET', url: dataApiUrl(shop.deploymentId, 'meta') });
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    const status: BuildStatus = await waitForBuild(server, shop.deploymentId, 'main');
    expect(status).toMatchObject({ status: 'failed', commitOid: bad, servedCommitOid: good });
    expect(status.errorText).toContain(`model/cubes/orders.yml:${brokenLine}: `);

    const fixed = ordersWith((text) =>
      text.replace(
        'measures:\n',
        'measures:\n      - name: largest_amount\n        sql: amount\n        type: max\n',
      ),
    );
    await deployModel(server, shop.deploymentId, { [ordersPath]: fixed });
    const repaired = await headOf(server, base, 'main');
    const largest = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, { measures: ['orders.largest_amount'] }),
    });
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    expect((largest.body as { data: unknown[] }).data).toEqual([{ 'orders.largest_amount': 60 }]);
    expect(await waitForBuild(server, shop.deploymentId, 'main')).toMatchObject({
      status: 'built',
      commitOid: repaired,
      servedCommitOid: repaired,
    });
  });

  it('keeps each branch to its own last good commit: a broken dev branch leaves main as it is', async () => {
    const main = await headOf(server, base, 'main');
    const { branchName } = await startDevMode(server, base);
    const broken = ordersWith((text) => text.replace('type: count', 'type: not_a_type'));
    expect((await writeFiles(server, base, { [ordersPath]: broken })).status).toBe(200);
    const devHead = await headOf(server, base, branchName);
    expect(devHead).not.toBe(main);

    expect(await count(branchName)).toBe(6);
    expect(await count()).toBe(6);
    const devStatus = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${shop.deploymentId}/build-status?branchName=${encodeURIComponent(branchName)}`,
    });
    expect(devStatus.body).toMatchObject({ branchName, servedCommitOid: main });
    const mainStatus = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${shop.deploymentId}/build-status`,
    });
    expect(mainStatus.body).toMatchObject({ status: 'built', servedCommitOid: main });
    expect((await server.request({ method: 'DELETE', url: `${base}/dev-mode` })).status).toBe(200);
  });
});
