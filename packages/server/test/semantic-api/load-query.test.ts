import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { dataApiUrl, loadUrl, shopTables, sortedRows } from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse, warehouseOfEngine } from './shop-warehouse.js';

type Row = Record<string, unknown>;

const orders = shopTables.orders.rows.map(([id, customerId, status, amount, createdAt]) => ({
  id,
  customerId,
  status,
  amount,
  month: `${createdAt.slice(0, 7)}-01T00:00:00.000`,
}));
const countryOf = new Map(shopTables.customers.rows.map(([id, , country]) => [id, country]));

/** What the shop's rows say, grouped by a key: the expectation is worked out from the fixture itself. */
function expectedBy(keyOf: (order: (typeof orders)[number]) => Row): Row[] {
  const groups = new Map<string, Row>();
  for (const order of orders) {
    const key = keyOf(order);
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { ...key, 'orders.count': 0, 'orders.total_amount': 0 };
    group['orders.count'] = (group['orders.count'] as number) + 1;
    group['orders.total_amount'] = (group['orders.total_amount'] as number) + order.amount;
    groups.set(id, group);
  }
  return [...groups.values()].sort((left, right) =>
    JSON.stringify(left).localeCompare(JSON.stringify(right)),
  );
}

const byStatus = {
  measures: ['orders.count', 'orders.total_amount'],
  dimensions: ['orders.status'],
};

describe.each(storeEngines)('the data API of a deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, warehouseOfEngine(engine));
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  it('answers GET load with one object per row keyed by member, and the annotation', async () => {
    const answer = await server.request({ method: 'GET', url: loadUrl(shop.deploymentId, byStatus) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(sortedRows(answer.body)).toEqual(expectedBy((order) => ({ 'orders.status': order.status })));
    const body = answer.body as { query: Row; annotation: Record<string, Record<string, Row>> };
    expect(body.query).toMatchObject({ measures: byStatus.measures, limit: 10_000, timezone: 'UTC' });
    expect(body.annotation.measures?.['orders.total_amount']).toMatchObject({
      title: 'Orders Total amount',
      shortTitle: 'Total amount',
      type: 'number',
    });
    expect(Object.keys(body.annotation.dimensions ?? {})).toEqual(['orders.status']);
  });

  it('answers POST load with the same rows as GET', async () => {
    const get = await server.request({ method: 'GET', url: loadUrl(shop.deploymentId, byStatus) });
    const post = await server.request({
      method: 'POST',
      url: dataApiUrl(shop.deploymentId, 'load'),
      body: { query: byStatus },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    expect(sortedRows(post.body)).toEqual(sortedRows(get.body));
  });

  it('keys a time dimension by its granularity and by the member, as local times of the query', async () => {
    const query = {
      measures: ['orders.count', 'orders.total_amount'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
    };
    const answer = await server.request({ method: 'GET', url: loadUrl(shop.deploymentId, query) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = expectedBy((order) => ({
      'orders.created_at.month': order.month,
      'orders.created_at': order.month,
    }));
    expect(sortedRows(answer.body)).toEqual(expected);
  });

  it('joins cubes and filters with bound values', async () => {
    const query = {
      measures: ['orders.count', 'orders.total_amount'],
      dimensions: ['customers.country'],
      filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
    };
    const answer = await server.request({ method: 'GET', url: loadUrl(shop.deploymentId, query) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const completed = expectedBy((order) => ({
      'customers.country': countryOf.get(order.customerId),
      completed: order.status === 'completed',
    }))
      .filter((row) => row.completed)
      .map(({ completed: _completed, ...row }) => row);
    expect(sortedRows(answer.body)).toEqual(completed);
  });

  it('wraps the answer for queryType=multi, as client libraries ask', async () => {
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, byStatus, { queryType: 'multi' }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as { queryType: string; results: unknown[]; pivotQuery: Row };
    expect(body.queryType).toBe('regularQuery');
    expect(body.results).toHaveLength(1);
    expect(sortedRows(body.results[0])).toEqual(expectedBy((order) => ({ 'orders.status': order.status })));
    expect(body.pivotQuery).toMatchObject({ measures: byStatus.measures, queryType: 'regularQuery' });
  });

  it('orders and limits rows as the query says', async () => {
    const query = { ...byStatus, order: { 'orders.total_amount': 'desc' }, limit: 1 };
    const answer = await server.request({ method: 'GET', url: loadUrl(shop.deploymentId, query) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const largest = expectedBy((order) => ({ 'orders.status': order.status })).sort(
      (left, right) => (right['orders.total_amount'] as number) - (left['orders.total_amount'] as number),
    )[0];
    expect((answer.body as { data: Row[] }).data).toEqual([largest]);
  });

  it('shows the SQL and parameters of a query without running it', async () => {
    const query = { ...byStatus, filters: [{ member: 'orders.status', operator: 'equals', values: ['x'] }] };
    const answer = await server.request({
      method: 'POST',
      url: dataApiUrl(shop.deploymentId, 'sql'),
      body: { query },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // `sql.sql` is `[sql, params]`, the shape semantic-layer client libraries read.
    const body = answer.body as { sql: { sql: [string, unknown[]] }; query: Row };
    const [sql, params] = body.sql.sql;
    expect(sql).toMatch(/SELECT[\s\S]+FROM/i);
    expect(sql).toContain('$1');
    expect(sql).not.toContain("'x'");
    expect(params).toContain('x');
    expect(body.query).toMatchObject({ limit: 10_000 });
  });

  it('lists the cubes with their members in meta', async () => {
    const answer = await server.request({ method: 'GET', url: dataApiUrl(shop.deploymentId, 'meta') });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const cubes = (answer.body as { cubes: Array<{ name: string; measures: Row[]; dimensions: Row[] }> })
      .cubes;
    expect(cubes.map((cube) => cube.name).sort()).toEqual(['customers', 'orders']);
    const ordersCube = cubes.find((cube) => cube.name === 'orders');
    expect(ordersCube?.measures.map((measure) => measure.name).sort()).toEqual([
      'orders.count',
      'orders.total_amount',
    ]);
    expect(ordersCube?.measures.find((measure) => measure.name === 'orders.total_amount')).toMatchObject({
      aggType: 'sum',
      type: 'number',
    });
    expect(ordersCube?.dimensions.map((dimension) => dimension.name)).toContain('orders.created_at');
  });
});
