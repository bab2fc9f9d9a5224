import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { loadUrl, shopTables } from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from './shop-warehouse.js';

/** Model SQL a dev branch writes to reach past its own queries: settings, tables, a second statement. */
const attacks: Record<string, string> = {
  'closes its subquery and creates a table': `cubes:
  - name: escape
    sql: "SELECT 1 AS id) AS x; CREATE TABLE planted AS SELECT 1 AS id; SELECT * FROM (SELECT 1 AS id"
    measures:
      - name: count
        type: count
`,
  'sets a memory limit for the whole database': `cubes:
  - name: escape
    sql: "SELECT 1 AS id) AS x; SET memory_limit='100KB'; SELECT * FROM (SELECT 1 AS id"
    measures:
      - name: count
        type: count
`,
  'hides a SET in a measure': `cubes:
  - name: escape
    sql_table: orders
    measures:
      - name: count
        type: sum
        sql: "1) FROM orders; SET threads=1; SELECT sum(1"
`,
};

describe.each(storeEngines)('model SQL of a dev branch, on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, 'duckdb');
    base = `/build/api/v1/deployments/${shop.deploymentId}`;
    const created = await server.request({
      method: 'POST',
      url: `${base}/branches`,
      body: { name: 'attacker', enterDevMode: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  const ordersCount = () =>
    server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, { measures: ['orders.count'] }, { branchName: 'main' }),
    });

  it.each(Object.entries(attacks))(
    'that %s fails the build with file and line and never runs',
    async (_title, yaml) => {
      const written = await server.request({
        method: 'PUT',
        url: `${base}/data-model/files`,
        body: { files: [{ path: 'model/cubes/escape.yml', content: yaml }] },
      });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      const validated = await server.request({
        method: 'GET',
        url: `${base}/data-model/validate?branchName=attacker`,
      });
      expect(JSON.stringify(validated.body)).toMatch(/model\/cubes\/escape\.yml/);
      expect(JSON.stringify(validated.body)).toMatch(/must be one (SELECT|SQL expression)/);

      const onBranch = await server.request({
        method: 'GET',
        url: loadUrl(shop.deploymentId, { measures: ['escape.count'] }, { branchName: 'attacker' }),
      });
      // The branch keeps serving its last commit that compiled, which has no such cube: the bad one never runs.
      expect(onBranch.status, JSON.stringify(onBranch.body)).toBe(400);
      expect(JSON.stringify(onBranch.body)).toMatch(/unknown cube or view `escape`/);

      const onMain = await ordersCount();
      expect(onMain.status, JSON.stringify(onMain.body)).toBe(200);
      expect((onMain.body as { data: unknown[] }).data).toEqual([
        { 'orders.count': shopTables.orders.rows.length },
      ]);
    },
  );
});
