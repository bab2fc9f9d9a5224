import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createToken,
  deployModel,
  loadUrl,
  shopModel,
  shopTables,
  withToken,
} from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from './shop-warehouse.js';

const maximumQuery = { measures: ['orders.largest_amount'] };
const largestAmount = Math.max(...shopTables.orders.rows.map((row) => row[3]));

/** The shop's orders cube with one more measure, the change the tests look for. */
function withLargestAmount(): Record<string, string> {
  const orders = shopModel()['model/cubes/orders.yml'] ?? '';
  return {
    'model/cubes/orders.yml': `${orders}      - name: largest_amount\n        sql: amount\n        type: max\n`,
  };
}

describe.each(storeEngines)("which branch's model the data API reads, on %s", (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let base: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, 'duckdb');
    base = `/build/api/v1/deployments/${shop.deploymentId}`;
    token = await createToken(server, shop.deploymentId);
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  async function largest(options: { branchName?: string; asToken?: boolean }) {
    const extra: Record<string, string> = options.branchName ? { branchName: options.branchName } : {};
    return server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, maximumQuery, extra),
      ...(options.asToken ? withToken(token) : {}),
    });
  }

  it('shows a change made on a branch only to those who ask for that branch', async () => {
    const created = await server.request({
      method: 'POST',
      url: `${base}/branches`,
      body: { name: 'feature', enterDevMode: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const written = await server.request({
      method: 'PUT',
      url: `${base}/data-model/files`,
      body: { files: Object.entries(withLargestAmount()).map(([path, content]) => ({ path, content })) },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);

    expectErrorBody(await largest({ asToken: true }), 'BAD_REQUEST', 'the deploy branch has no such measure');
    const onFeature = await largest({ asToken: true, branchName: 'feature' });
    expect(onFeature.status, JSON.stringify(onFeature.body)).toBe(200);
    expect((onFeature.body as { data: unknown[] }).data).toEqual([
      { 'orders.largest_amount': largestAmount },
    ]);
  });

  it("reads an API key's dev-mode branch by default, and the deploy branch once it leaves dev mode", async () => {
    const inDevMode = await largest({});
    expect(inDevMode.status, JSON.stringify(inDevMode.body)).toBe(200);
    expectErrorBody(await largest({ branchName: 'main' }), 'BAD_REQUEST', 'main named explicitly');
    const stopped = await server.request({ method: 'DELETE', url: `${base}/dev-mode` });
    expect(stopped.status).toBe(200);
    expectErrorBody(await largest({}), 'BAD_REQUEST', 'out of dev mode');
  });

  it('answers from the new commit as soon as the deploy branch moves', async () => {
    expectErrorBody(await largest({ asToken: true }), 'BAD_REQUEST', 'before the change');
    await deployModel(server, shop.deploymentId, withLargestAmount());
    const after = await largest({ asToken: true });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((after.body as { data: unknown[] }).data).toEqual([{ 'orders.largest_amount': largestAmount }]);
  });
});
