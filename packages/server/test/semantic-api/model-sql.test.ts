import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createToken, runModelSql, shopTables } from './semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse, warehouseOfEngine } from './shop-warehouse.js';

function countsBy<Key extends string>(keyOf: (row: (typeof shopTables.orders.rows)[number]) => Key) {
  const counts = new Map<Key, number>();
  for (const row of shopTables.orders.rows) counts.set(keyOf(row), (counts.get(keyOf(row)) ?? 0) + 1);
  return [...counts].sort(([left], [right]) => left.localeCompare(right));
}

describe.each(storeEngines)('the SQL interface (cubesql) on %s', (engine: StoreEngine) => {
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

  it('streams a schema line, then data lines, as NDJSON', async () => {
    const answer = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT status AS order_status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1',
    );
    expect(answer.status, answer.text).toBe(200);
    expect(String(answer.headers['content-type'])).toMatch(/^application\/x-ndjson/);
    expect(answer.text.endsWith('\n')).toBe(true);
    const [schema, ...dataLines] = answer.lines;
    expect(schema).toEqual({
      schema: [
        { name: 'order_status', column_type: 'string' },
        { name: 'orders', column_type: 'number' },
      ],
    });
    expect(dataLines.length).toBeGreaterThan(0);
    const rows = dataLines.flatMap((line) => line.data as unknown[][]);
    expect(rows).toEqual(countsBy((row) => row[2]));
  });

  it('reads time dimensions truncated to a granularity as local ISO times', async () => {
    const answer = await runModelSql(
      server,
      shop.deploymentId,
      "SELECT DATE_TRUNC('month', created_at) AS month, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1",
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.lines[0]).toEqual({
      schema: [
        { name: 'month', column_type: 'time' },
        { name: 'orders', column_type: 'number' },
      ],
    });
    const rows = answer.lines.slice(1).flatMap((line) => line.data as unknown[][]);
    expect(rows).toEqual(countsBy((row) => `${row[4].slice(0, 7)}-01T00:00:00.000`));
  });

  it('keeps a plain time dimension apart from its truncation when both are selected', async () => {
    const answer = await runModelSql(
      server,
      shop.deploymentId,
      "SELECT created_at, DATE_TRUNC('month', created_at) AS month FROM orders GROUP BY 1, 2 ORDER BY 1",
    );
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.lines.slice(1).flatMap((line) => line.data as [string, string][]);
    expect(rows.length).toBeGreaterThan(1);
    for (const [createdAt, month] of rows) expect(month).toBe(`${createdAt.slice(0, 7)}-01T00:00:00.000`);
    expect(rows.some(([createdAt, month]) => createdAt !== month)).toBe(true);
  });

  it("joins cubes named with CROSS JOIN along the model's joins, qualified columns and all", async () => {
    const answer = await runModelSql(
      server,
      shop.deploymentId,
      `SELECT c.country, MEASURE(orders.total_amount) AS amount FROM orders CROSS JOIN customers c
       WHERE status = 'completed' GROUP BY 1 ORDER BY 1`,
    );
    expect(answer.status, answer.text).toBe(200);
    const countries = new Map<number, string>(shopTables.customers.rows.map((row) => [row[0], row[2]]));
    const amounts = new Map<string, number>();
    for (const [, customerId, status, amount] of shopTables.orders.rows) {
      if (status !== 'completed') continue;
      const country = countries.get(customerId) ?? '';
      amounts.set(country, (amounts.get(country) ?? 0) + amount);
    }
    const rows = answer.lines.slice(1).flatMap((line) => line.data as unknown[][]);
    expect(rows).toEqual([...amounts].sort(([left], [right]) => left.localeCompare(right)));
    const refused = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT country FROM orders JOIN customers ON true',
    );
    expectErrorBody(
      { status: refused.status, body: refused.lines[0], headers: refused.headers },
      'BAD_REQUEST',
    );
    expect(JSON.stringify(refused.lines[0])).toContain('CROSS JOIN');
  });

  it('answers a deployment token like an API key', async () => {
    const token = await createToken(server, shop.deploymentId);
    const answer = await runModelSql(
      server,
      shop.deploymentId,
      'SELECT MEASURE(count) AS orders FROM orders',
      {
        authorization: token,
      },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.lines.slice(1)).toEqual([{ data: [[shopTables.orders.rows.length]] }]);
  });

  it('refuses SQL it cannot translate with the error body, before any line (400)', async () => {
    for (const sql of ['SELECT MEASURE(count) FROM no_such_cube', 'SELEC nothing', 'DELETE FROM orders']) {
      const answer = await runModelSql(server, shop.deploymentId, sql);
      const body = answer.lines[0];
      expectErrorBody({ status: answer.status, body, headers: answer.headers }, 'BAD_REQUEST', sql);
      expect(answer.lines).toHaveLength(1);
    }
  });

  it('refuses an empty query (400)', async () => {
    const answer = await runModelSql(server, shop.deploymentId, '');
    expectErrorBody({ status: answer.status, body: answer.lines[0], headers: answer.headers }, 'BAD_REQUEST');
  });
});
