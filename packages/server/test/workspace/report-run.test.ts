import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsTable } from '../../src/modules/workspace/workspace.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import { deployModel, loadUrl, runModelSql, shopModel } from '../semantic-api/semantic-api-helpers.js';
import {
  createShopWarehouse,
  type ShopWarehouse,
  warehouseOfEngine,
} from '../semantic-api/shop-warehouse.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { insertReport, insertWorkbook, runReportUrl, userIdOf } from './report-run-fixtures.js';

type Row = Record<string, unknown>;
interface RunResult {
  schema: Array<{ name: string; column_type: string }>;
  data: Row[];
  totalRows: number;
  sqlQuery: string;
}

/** Viewers see the count and status of completed orders only; admins and developers see everything. */
const rolePolicies = `    access_policy:
      - group: admin
      - group: developer
      - group: viewer
        member_level:
          includes: [count, status, created_at]
        row_level:
          filters:
            - member: status
              operator: equals
              values: ["completed"]
`;

function shopWithPolicies(tablePrefix: string): Record<string, string> {
  const model = shopModel(tablePrefix);
  return { ...model, 'model/cubes/orders.yml': `${model['model/cubes/orders.yml'] ?? ''}${rolePolicies}` };
}

const byStatusAndMonth = {
  measures: ['orders.count'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
  // An array: a jsonb column does not keep the key order of an object.
  order: [
    ['orders.ordered_at', 'asc'],
    ['orders.status', 'asc'],
  ],
};
const completed = { member: 'orders.status', operator: 'equals', values: ['completed'] };

describe.each(storeEngines)('running reports on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let demoId: number;
  let adminId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    demoId = await findDeploymentId(server, 'demo');
    adminId = await userIdOf(server);
    shop = await createShopWarehouse(server, warehouseOfEngine(engine), shopWithPolicies);
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  async function run(deploymentId: number, reportId: number, body?: unknown, key?: string) {
    return server.request({
      method: 'POST',
      url: runReportUrl(deploymentId, reportId),
      ...(body === undefined ? {} : { body }),
      ...(key === undefined ? {} : { key }),
    });
  }

  async function runOk(deploymentId: number, reportId: number, body?: unknown, key?: string) {
    const answer = await run(deploymentId, reportId, body, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as RunResult;
  }

  async function load(deploymentId: number, query: unknown, key?: string) {
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(deploymentId, query),
      ...(key === undefined ? {} : { key }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: Row[] }).data;
  }

  /** The SQL interface's rows as objects keyed by its schema's names. */
  async function sqlRows(deploymentId: number, sql: string) {
    const answer = await runModelSql(server, deploymentId, sql);
    expect(answer.status, answer.text).toBe(200);
    const [schemaLine, ...dataLines] = answer.lines as Array<{
      schema?: RunResult['schema'];
      data?: unknown[][];
    }>;
    const names = (schemaLine?.schema ?? []).map((column) => column.name);
    const rows = dataLines.flatMap((line) => line.data ?? []);
    return {
      schema: schemaLine?.schema ?? [],
      rows: rows.map((values) => Object.fromEntries(names.map((name, index) => [name, values[index]]))),
    };
  }

  it('runs a jsonQuery: the rows load gives, member-named columns, the SQL that ran, lastViewedAt set', async () => {
    const reportId = await insertReport(server, demoId, {
      ownerUserId: adminId,
      jsonQuery: byStatusAndMonth,
    });
    const database = server.container.platform.store.database;
    const viewedAt = async () =>
      (await database.select().from(reportsTable).where(eq(reportsTable.id, reportId)))[0]?.lastViewedAt;
    expect(await viewedAt()).toBeNull();
    const before = Date.now();
    const result = await runOk(demoId, reportId);
    expect(result.data.length).toBeGreaterThan(3);
    expect(result.data).toEqual(await load(demoId, byStatusAndMonth));
    expect(result.totalRows).toBe(result.data.length);
    expect(result.schema.map((column) => column.name).sort()).toEqual([
      'orders.count',
      'orders.ordered_at.month',
      'orders.status',
    ]);
    expect(result.schema.find((column) => column.name === 'orders.count')?.column_type).toBe('number');
    expect(result.sqlQuery).toMatch(/^\s*SELECT/i);
    const viewed = await viewedAt();
    expect(viewed?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('runs a sqlQuery: the rows and schema the SQL interface gives', async () => {
    const sql =
      "SELECT status AS order_status, DATE_TRUNC('month', ordered_at) AS month, MEASURE(count) AS orders FROM orders GROUP BY 1, 2 ORDER BY 2, 1";
    const reportId = await insertReport(server, demoId, { ownerUserId: adminId, sqlQuery: sql });
    const result = await runOk(demoId, reportId);
    const expected = await sqlRows(demoId, sql);
    expect(result.schema).toEqual(expected.schema);
    expect(result.data).toEqual(expected.rows);
    expect(result.data.length).toBeGreaterThan(3);
  });

  it('adds dashboard filters (and/or groups too) and replaces the time grain', async () => {
    const reportId = await insertReport(server, demoId, {
      ownerUserId: adminId,
      jsonQuery: byStatusAndMonth,
    });
    const all = await runOk(demoId, reportId);
    const filtered = await runOk(demoId, reportId, { filters: [completed], timeGrain: 'year' });
    const yearly = {
      ...byStatusAndMonth,
      timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'year' }],
      filters: [completed],
    };
    expect(filtered.data).toEqual(await load(demoId, yearly));
    expect(filtered.data.length).toBeLessThan(all.data.length);
    expect(filtered.data.every((row) => row['orders.status'] === 'completed')).toBe(true);
    expect(filtered.schema.map((column) => column.name)).toContain('orders.ordered_at.year');
    const either = { or: [completed, { ...completed, values: ['cancelled'] }] };
    const grouped = await runOk(demoId, reportId, { filters: [either] });
    expect(grouped.data).toEqual(await load(demoId, { ...byStatusAndMonth, filters: [either] }));
    expect(new Set(grouped.data.map((row) => row['orders.status']))).toEqual(
      new Set(['completed', 'cancelled']),
    );
  });

  it('applies the time grain and filters to a sqlQuery', async () => {
    const sql =
      "SELECT DATE_TRUNC('month', ordered_at) AS period, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1";
    const reportId = await insertReport(server, demoId, { ownerUserId: adminId, sqlQuery: sql });
    const result = await runOk(demoId, reportId, { filters: [completed], timeGrain: 'quarter' });
    const expected = await sqlRows(
      demoId,
      "SELECT DATE_TRUNC('quarter', ordered_at) AS period, MEASURE(count) AS orders FROM orders WHERE status = 'completed' GROUP BY 1 ORDER BY 1",
    );
    expect(result.data).toEqual(expected.rows);
    expect(result.schema.map((column) => column.name)).toEqual(['period', 'orders']);
  });

  it("applies the caller's access policies: row filters and hidden members, as load with their key", async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const query = {
      measures: ['orders.count'],
      dimensions: ['orders.status'],
      order: { 'orders.status': 'asc' },
    };
    const reportId = await insertReport(server, shop.deploymentId, {
      ownerUserId: adminId,
      jsonQuery: query,
    });
    const asViewer = await runOk(shop.deploymentId, reportId, undefined, viewer.key);
    expect(asViewer.data).toEqual([{ 'orders.status': 'completed', 'orders.count': 4 }]);
    expect(asViewer.data).toEqual(await load(shop.deploymentId, query, viewer.key));
    const asAdmin = await runOk(shop.deploymentId, reportId);
    expect(asAdmin.data.map((row) => row['orders.status'])).toEqual(['cancelled', 'completed', 'returned']);
    const amounts = await insertReport(server, shop.deploymentId, {
      ownerUserId: adminId,
      jsonQuery: { measures: ['orders.total_amount'] },
    });
    const denied = await run(shop.deploymentId, amounts, undefined, viewer.key);
    expect(errorMessageOf(denied, 'FORBIDDEN')).toContain('orders.total_amount');
  });

  it('answers 400 naming a member the model no longer has, for a jsonQuery and a sqlQuery', async () => {
    let tablePrefix = '';
    const other = await createShopWarehouse(server, warehouseOfEngine(engine), (prefix) => {
      tablePrefix = prefix;
      return shopModel(prefix);
    });
    try {
      const jsonReport = await insertReport(server, other.deploymentId, {
        ownerUserId: adminId,
        jsonQuery: { measures: ['orders.total_amount'], dimensions: ['orders.status'] },
      });
      const sqlReport = await insertReport(server, other.deploymentId, {
        ownerUserId: adminId,
        sqlQuery: 'SELECT status, MEASURE(total_amount) FROM orders GROUP BY 1',
      });
      await runOk(other.deploymentId, jsonReport);
      const orders = shopModel(tablePrefix)['model/cubes/orders.yml'] ?? '';
      const withoutAmount = orders.replace(/ {6}- name: total_amount\n(?: {8}.+\n)+/, '');
      expect(withoutAmount).not.toContain('total_amount');
      await deployModel(server, other.deploymentId, { 'model/cubes/orders.yml': withoutAmount });
      expect(errorMessageOf(await run(other.deploymentId, jsonReport), 'BAD_REQUEST')).toContain(
        'orders.total_amount',
      );
      expect(errorMessageOf(await run(other.deploymentId, sqlReport), 'BAD_REQUEST')).toContain(
        'total_amount',
      );
      const [failed] = await server.container.platform.store.database
        .select()
        .from(reportsTable)
        .where(eq(reportsTable.id, sqlReport));
      expect(
        failed?.lastViewedAt,
        'opening a report is viewing it, even when its query fails',
      ).not.toBeNull();
    } finally {
      await other.drop();
    }
  });

  it("hides reports from other accounts and a non-shared workbook's reports from other developers (404)", async () => {
    const reportId = await insertReport(server, demoId, {
      ownerUserId: adminId,
      jsonQuery: byStatusAndMonth,
    });
    const otherAccount = await createOtherAccount(server);
    expectErrorBody(await run(demoId, reportId, undefined, otherAccount.adminKey), 'NOT_FOUND');
    const owner = await createUserWithKey(server, 'developer');
    const colleague = await createUserWithKey(server, 'developer');
    const workbookId = await insertWorkbook(server, demoId, { ownerUserId: owner.userId, isShared: false });
    const privateReport = await insertReport(server, demoId, {
      ownerUserId: owner.userId,
      workbookId,
      jsonQuery: { measures: ['orders.count'] },
    });
    await runOk(demoId, privateReport, undefined, owner.key);
    expectErrorBody(await run(demoId, privateReport, undefined, colleague.key), 'NOT_FOUND');
    await runOk(demoId, privateReport);
    expectErrorBody(await run(demoId, 999_999), 'NOT_FOUND');
    expectErrorBody(await run(shop.deploymentId, reportId), 'NOT_FOUND');
  });

  it('refuses bad input: unknown filter operators and time grains (400)', async () => {
    const reportId = await insertReport(server, demoId, {
      ownerUserId: adminId,
      jsonQuery: byStatusAndMonth,
    });
    expectErrorBody(
      await run(demoId, reportId, { filters: [{ member: 'orders.status', operator: 'near', values: [] }] }),
      'BAD_REQUEST',
    );
    expectErrorBody(await run(demoId, reportId, { timeGrain: 'decade' }), 'BAD_REQUEST');
    expectErrorBody(
      await run(demoId, reportId, { filters: [{ member: 'orders.nothing', operator: 'set' }] }),
      'BAD_REQUEST',
    );
  });
});
