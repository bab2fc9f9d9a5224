import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVegaSpec } from '../../src/modules/chat/tools/vega-spec.js';
import { createUserWithKey, startTestServer, type TestServer } from '../support/test-server.js';
import {
  currentUser,
  dataAccessFor,
  toolsOf,
  warehouseNumber,
  warehouseRows,
} from './agent-tools-helpers.js';

/** The demo deployment the bootstrap creates, with its model and DuckDB sample data. */
const demoDeploymentId = 1;
const lineAmount = 'i.quantity * i.unit_price - i.discount';

interface MetaResult {
  cubes: Array<{
    name: string;
    type: string;
    joins?: string[];
    members: Array<Record<string, unknown> & { name: string }>;
  }>;
  searchQuery: string;
}

describe('the agent tools on the demo deployment', () => {
  let server: TestServer;
  let tools: ReturnType<typeof toolsOf>;
  let accountId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await currentUser(server);
    accountId = admin.accountId;
    const identity = { kind: 'internal', userId: admin.userId } as const;
    tools = toolsOf(dataAccessFor(server, { accountId, deploymentId: demoDeploymentId, identity }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('platformMeta ranks the members a question names', async () => {
    const result = (await tools.platformMeta('revenue by product category')) as unknown as MetaResult;
    expect(result.searchQuery).toBe('revenue by product category');
    const [first] = result.cubes;
    expect(first?.name).toBe('sales');
    expect(first?.type).toBe('view');
    expect(
      first?.members
        .slice(0, 2)
        .map((member) => member.name)
        .sort(),
    ).toEqual(['sales.product_category', 'sales.revenue']);
    const revenue = first?.members.find((member) => member.name === 'sales.revenue');
    expect(revenue).toMatchObject({ type: 'number', aggType: 'sum', title: expect.any(String) });
    expect(revenue).not.toHaveProperty('kind');
  });

  it('platformMeta finds a member by a synonym and returns its synonyms', async () => {
    const result = (await tools.platformMeta('payments by tender')) as unknown as MetaResult;
    const payments = result.cubes.find((cube) => cube.name === 'payments');
    expect(payments?.members[0]).toMatchObject({
      name: 'payments.method',
      type: 'string',
      synonyms: expect.arrayContaining(['tender']),
    });
  });

  it('platformMeta says which cubes a cube joins, views none, and runs a CROSS JOIN over them', async () => {
    const result = (await tools.platformMeta('payments customers')) as unknown as MetaResult;
    const payments = result.cubes.find((cube) => cube.name === 'payments');
    expect(payments?.joins?.slice(0, 1)).toEqual(['orders']);
    expect(payments?.joins).toEqual(expect.arrayContaining(['customers', 'stores', 'products']));
    for (const view of result.cubes.filter((cube) => cube.type === 'view'))
      expect(view).not.toHaveProperty('joins');
    const joined = await tools.platformSqlApi(
      "SELECT MEASURE(payments.count) FROM payments CROSS JOIN customers WHERE customers.country = 'Spain'",
    );
    expect(joined.data).toEqual([
      [
        await warehouseNumber(
          server,
          demoDeploymentId,
          `SELECT count(*) FROM payments p JOIN orders o ON p.order_id = o.id
           JOIN customers c ON o.customer_id = c.id WHERE c.country = 'Spain'`,
        ),
      ],
    ]);
  });

  it('platformSqlApi keeps 100 rows and counts the true total, with column types', async () => {
    const sqlQuery = 'SELECT id, unit_price FROM order_items';
    const result = await tools.platformSqlApi(sqlQuery, {
      queryTitle: 'All order lines',
      userRequest: 'list the order lines',
    });
    const expectedTotal = await warehouseNumber(server, demoDeploymentId, 'SELECT count(*) FROM order_items');
    expect(expectedTotal).toBeGreaterThan(100);
    expect(result.totalRows).toBe(expectedTotal);
    expect(result.data).toHaveLength(100);
    expect(result.schema).toEqual([
      { name: 'id', column_type: 'number' },
      { name: 'unit_price', column_type: 'number' },
    ]);
    expect(result).toMatchObject({ sqlQuery, queryTitle: 'All order lines', description: '' });
    expect(result.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result).not.toHaveProperty('vegaSpec');
  });

  it('platformSqlApi answers a time series with its numbers and a line chart over time', async () => {
    const result = await tools.platformSqlApi(
      "SELECT DATE_TRUNC('month', ordered_at) AS month, MEASURE(revenue) AS revenue FROM sales GROUP BY 1 ORDER BY 1",
    );
    const expected = await warehouseRows(
      server,
      demoDeploymentId,
      `SELECT date_trunc('month', o.ordered_at), sum(${lineAmount}) FROM order_items i
       JOIN orders o ON i.order_id = o.id GROUP BY 1 ORDER BY 1`,
    );
    expect(result.totalRows).toBe(expected.length);
    const data = result.data as unknown[][];
    expect(data.map((row) => Number(row[1]).toFixed(2))).toEqual(
      expected.map((row) => Number(row[1]).toFixed(2)),
    );
    expect(result.schema).toEqual([
      { name: 'month', column_type: 'time' },
      { name: 'revenue', column_type: 'number' },
    ]);
    const spec = JSON.parse(String(result.vegaSpec));
    expect(spec).toMatchObject({
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      data: { name: 'table' },
      mark: { type: 'line' },
      encoding: { x: { field: 'month', type: 'temporal' }, y: { field: 'revenue', type: 'quantitative' } },
    });
    expect(spec.data).not.toHaveProperty('values');
  });

  it('platformSqlApi charts one category with one number as bars sorted by the value', async () => {
    const result = await tools.platformSqlApi(
      'SELECT channel, MEASURE(order_count) AS orders FROM sales GROUP BY 1',
    );
    const expected = await warehouseRows(
      server,
      demoDeploymentId,
      'SELECT channel, count(*) FROM orders WHERE id IN (SELECT order_id FROM order_items) GROUP BY 1',
    );
    const byChannel = (rows: unknown[][]) =>
      Object.fromEntries(rows.map((row) => [String(row[0]), Number(row[1])]));
    expect(byChannel(result.data as unknown[][])).toEqual(byChannel(expected));
    expect(JSON.parse(String(result.vegaSpec))).toMatchObject({
      mark: 'bar',
      data: { name: 'table' },
      encoding: {
        x: { field: 'channel', type: 'nominal', sort: '-y' },
        y: { field: 'orders', type: 'quantitative' },
      },
    });
  });

  it('platformSqlApi gives no chart for a single number', async () => {
    const result = await tools.platformSqlApi('SELECT MEASURE(count) AS orders FROM orders');
    expect(result.data).toEqual([
      [await warehouseNumber(server, demoDeploymentId, 'SELECT count(*) FROM orders')],
    ]);
    expect(result.totalRows).toBe(1);
    expect(result).not.toHaveProperty('vegaSpec');
  });

  it('platformSqlApi keeps the spec the model wrote, without inline data', async () => {
    const vegaSpec = JSON.stringify({ mark: 'arc', data: { values: [{ a: 1 }] }, encoding: {} });
    const result = await tools.platformSqlApi('SELECT channel, MEASURE(count) FROM orders GROUP BY 1', {
      vegaSpec,
    });
    expect(JSON.parse(String(result.vegaSpec))).toEqual({
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      mark: 'arc',
      encoding: {},
      data: { name: 'table' },
    });
  });

  it('platformSqlApi returns an error result naming what is wrong', async () => {
    const unknownColumn = await tools.platformSqlApi('SELECT no_such_column FROM orders', {
      queryTitle: 'broken',
    });
    expect(unknownColumn).toMatchObject({
      sqlQuery: 'SELECT no_such_column FROM orders',
      queryTitle: 'broken',
    });
    expect(String(unknownColumn.error)).toContain('no_such_column');
    expect(unknownColumn).not.toHaveProperty('data');
    const deletion = await tools.platformSqlApi('DELETE FROM orders');
    expect(String(deletion.error)).toMatch(/DELETE|SELECT/);
    const unknownTable = await tools.platformSqlApi('SELECT MEASURE(count) FROM no_such_cube');
    expect(String(unknownTable.error)).toContain('no_such_cube');
  });

  it('an account user reads as their role, and only while active', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const identity = { kind: 'internal', userId: viewer.userId } as const;
    const viewerTools = toolsOf(
      dataAccessFor(server, { accountId, deploymentId: demoDeploymentId, identity }),
    );
    expect((await viewerTools.platformSqlApi('SELECT MEASURE(count) FROM orders')).totalRows).toBe(1);
    const deactivated = await server.request({
      method: 'PUT',
      url: `/api/v1/users/${viewer.userId}`,
      body: { status: 'inactive' },
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    const refused = await viewerTools.platformSqlApi('SELECT MEASURE(count) FROM orders');
    expect(String(refused.error)).toContain('not an active user');
    expect(String((await viewerTools.platformMeta('orders')).error)).toContain('not an active user');
  });

  it('builds no chart for shapes it does not know', () => {
    const twoNumbers = [
      { name: 'a', column_type: 'number' },
      { name: 'b', column_type: 'number' },
    ];
    expect(buildVegaSpec(twoNumbers, 10)).toBeNull();
    expect(buildVegaSpec([{ name: 'a.b', column_type: 'string' }, twoNumbers[0] as never], 1)).toBeNull();
    expect(
      buildVegaSpec(
        [
          { name: 'a.b', column_type: 'string' },
          { name: 'n', column_type: 'number' },
        ],
        3,
      ),
    ).toMatchObject({ encoding: { x: { field: 'a\\.b' } } });
  });
});
