import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createToken,
  dataApiUrl,
  loadUrl,
  runModelSql,
  shopModel,
  shopTables,
  sortedRows,
  withToken,
} from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from './shop-warehouse.js';

/** Managers see everything; sales see some members, and only the orders of the status in their context. */
const policies = `    access_policy:
      - group: manager
      - group: sales
        member_level:
          includes: [count, status, created_at]
        row_level:
          filters:
            - member: status
              operator: equals
              values: ["{ securityContext.status }"]
`;

function modelWithPolicies(tablePrefix: string): Record<string, string> {
  const model = shopModel(tablePrefix);
  const orders = model['model/cubes/orders.yml'] ?? '';
  return { ...model, 'model/cubes/orders.yml': `${orders}${policies}` };
}

const countOf = (status?: string) =>
  shopTables.orders.rows.filter((row) => status === undefined || row[2] === status).length;

describe.each(storeEngines)('access policies through the data API on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let managerToken: string;
  let salesToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, 'duckdb', modelWithPolicies);
    managerToken = await createToken(server, shop.deploymentId, { groups: ['manager'] });
    salesToken = await createToken(server, shop.deploymentId, {
      groups: ['sales'],
      securityContext: { status: 'completed' },
    });
    outsiderToken = await createToken(server, shop.deploymentId, {
      securityContext: { status: 'completed' },
    });
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  async function loadWith(token: string, query: unknown) {
    return server.request({ method: 'GET', url: loadUrl(shop.deploymentId, query), ...withToken(token) });
  }

  it("filters rows by the token's security context", async () => {
    const query = { measures: ['orders.count'], dimensions: ['orders.status'] };
    const sales = await loadWith(salesToken, query);
    expect(sales.status, JSON.stringify(sales.body)).toBe(200);
    expect(sortedRows(sales.body)).toEqual([
      { 'orders.status': 'completed', 'orders.count': countOf('completed') },
    ]);
    const manager = await loadWith(managerToken, { measures: ['orders.count'] });
    expect((manager.body as { data: unknown[] }).data).toEqual([{ 'orders.count': countOf() }]);
  });

  it('applies the row filter wherever the cube takes part, joins included', async () => {
    const sales = await loadWith(salesToken, {
      measures: ['orders.count'],
      dimensions: ['customers.country'],
    });
    expect(sales.status, JSON.stringify(sales.body)).toBe(200);
    const total = (sales.body as { data: Array<{ 'orders.count': number }> }).data.reduce(
      (sum, row) => sum + row['orders.count'],
      0,
    );
    expect(total).toBe(countOf('completed'));
  });

  it('denies members outside the policy and callers no policy names (403)', async () => {
    const member = await loadWith(salesToken, { measures: ['orders.total_amount'] });
    expectErrorBody(member, 'FORBIDDEN');
    expect((member.body as { message: string }).message).toContain('orders.total_amount');
    const outsider = await loadWith(outsiderToken, { measures: ['orders.count'] });
    expectErrorBody(outsider, 'FORBIDDEN');
    expect((outsider.body as { message: string }).message).toMatch(/none of its access policies applies/);
    const open = await loadWith(outsiderToken, { measures: ['customers.count'] });
    expect(open.status, 'a cube without policies stays open').toBe(200);
  });

  it('hides what the caller may not see from meta', async () => {
    type Meta = { cubes: Array<{ name: string; measures: Array<{ name: string }> }> };
    const metaOf = async (token: string) =>
      (
        await server.request({
          method: 'GET',
          url: dataApiUrl(shop.deploymentId, 'meta'),
          ...withToken(token),
        })
      ).body as Meta;
    const measuresOf = (meta: Meta, cube: string) =>
      meta.cubes.find((source) => source.name === cube)?.measures.map((measure) => measure.name);
    expect(measuresOf(await metaOf(managerToken), 'orders')?.sort()).toEqual([
      'orders.count',
      'orders.total_amount',
    ]);
    expect(measuresOf(await metaOf(salesToken), 'orders')).toEqual(['orders.count']);
    const outsider = await metaOf(outsiderToken);
    expect(outsider.cubes.map((cube) => cube.name)).toEqual(['customers']);
  });

  it('applies the same policies to the SQL interface', async () => {
    const answer = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT status, MEASURE(count) FROM orders GROUP BY 1',
      {
        authorization: salesToken,
      },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.lines.slice(1)).toEqual([{ data: [['completed', countOf('completed')]] }]);
    const denied = await runModelSql(server, shop.deploymentId, 'SELECT MEASURE(count) FROM orders', {
      authorization: outsiderToken,
    });
    expect(denied.status).toBe(403);
  });

  it('applies them to every cube of a CROSS JOIN, even one whose members the query does not read', async () => {
    const sales = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT customers.country, MEASURE(orders.count) FROM orders CROSS JOIN customers GROUP BY 1',
      { authorization: salesToken },
    );
    expect(sales.status, sales.text).toBe(200);
    const rows = sales.lines.slice(1).flatMap((line) => line.data as [string, number][]);
    expect(rows.reduce((sum, [, count]) => sum + count, 0)).toBe(countOf('completed'));
    const hidden = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT MEASURE(customers.count) FROM customers CROSS JOIN orders',
      { authorization: outsiderToken },
    );
    expect(hidden.status, hidden.text).toBe(403);
    expect(hidden.text).toContain('You may not query orders');
    const open = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT MEASURE(customers.count) FROM customers',
      {
        authorization: outsiderToken,
      },
    );
    expect(open.status, open.text).toBe(200);
  });

  it('sees an API key as the group named after its role, with an empty security context', async () => {
    const admin = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, { measures: ['orders.count'] }),
    });
    expectErrorBody(admin, 'FORBIDDEN');
    expect((admin.body as { message: string }).message).toMatch(/none of its access policies applies/);
  });
});
