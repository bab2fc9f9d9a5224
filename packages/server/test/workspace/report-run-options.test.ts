import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf } from '../http/expect-error-body.js';
import { loadUrl, shopTables } from '../semantic-api/semantic-api-helpers.js';
import {
  createShopWarehouse,
  type ShopWarehouse,
  warehouseOfEngine,
} from '../semantic-api/shop-warehouse.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { insertReport, type ReportFixture, runReportUrl, userIdOf } from './report-run-fixtures.js';

type Row = Record<string, unknown>;
interface RunResult {
  schema: Array<{ name: string; column_type: string }>;
  data: Row[];
}

/** The shop's orders: January has 3 (completed 10 and 20, cancelled 30), February 3 (completed 40 and 50, returned 60). */
const february = ['2024-02-01', '2024-02-29'];
const byStatusInFebruary = {
  measures: ['orders.count', 'orders.total_amount'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: february }],
  order: [['orders.status', 'asc']],
};
const monthBack = { amount: 1, unit: 'month' };

/** Monday of each week from January 1 2024 (a Monday) to the week of February 29. */
const weeks = Array.from({ length: 9 }, (_, index) =>
  new Date(Date.UTC(2024, 0, 1 + 7 * index)).toISOString().replace('Z', ''),
);
const weekOf = (createdAt: string) => {
  const day = new Date(`${createdAt.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().replace('Z', '');
};

describe.each(storeEngines)(
  'period comparisons and filled rows of report runs on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let shop: ShopWarehouse;
    let adminId: number;

    beforeAll(async () => {
      server = await startTestServer({ engine });
      adminId = await userIdOf(server);
      shop = await createShopWarehouse(server, warehouseOfEngine(engine));
    });
    afterAll(async () => {
      await shop?.drop();
      await server?.close();
    });

    async function runReport(fixture: Omit<ReportFixture, 'ownerUserId'>, body?: unknown) {
      const reportId = await insertReport(server, shop.deploymentId, { ownerUserId: adminId, ...fixture });
      return server.request({
        method: 'POST',
        url: runReportUrl(shop.deploymentId, reportId),
        ...(body === undefined ? {} : { body }),
      });
    }

    async function runOk(fixture: Omit<ReportFixture, 'ownerUserId'>, body?: unknown) {
      const answer = await runReport(fixture, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as RunResult;
    }

    async function load(query: unknown): Promise<Row[]> {
      const answer = await server.request({ method: 'GET', url: loadUrl(shop.deploymentId, query) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { data: Row[] }).data;
    }

    it('adds previous, change and percentChange from the period shifted back, matched on the other dimensions', async () => {
      const result = await runOk({
        jsonQuery: byStatusInFebruary,
        periodComparisons: [
          { measure: 'orders.total_amount', timeDimension: 'orders.created_at', offset: monthBack },
        ],
      });
      const january = await load({
        ...byStatusInFebruary,
        timeDimensions: [
          { dimension: 'orders.created_at', granularity: 'month', dateRange: ['2024-01-01', '2024-01-31'] },
        ],
      });
      const previousOf = (status: unknown) =>
        january.find((row) => row['orders.status'] === status)?.['orders.total_amount'];
      expect(previousOf('completed')).toBe(30);
      expect(result.data.map((row) => row['orders.status'])).toEqual(['completed', 'returned']);
      for (const row of result.data) {
        const current = row['orders.total_amount'] as number;
        const previous = (previousOf(row['orders.status']) as number | undefined) ?? null;
        expect(row['orders.total_amount.previous']).toBe(previous);
        expect(row['orders.total_amount.change']).toBe(previous === null ? null : current - previous);
        expect(row['orders.total_amount.percentChange']).toBe(
          previous ? (current - previous) / previous : null,
        );
      }
      expect(result.data[0]).toMatchObject({
        'orders.total_amount.change': 60,
        'orders.total_amount.percentChange': 2,
      });
      expect(result.schema.slice(-3)).toEqual([
        { name: 'orders.total_amount.previous', column_type: 'number' },
        { name: 'orders.total_amount.change', column_type: 'number' },
        { name: 'orders.total_amount.percentChange', column_type: 'number' },
      ]);
    });

    it('names the added columns by outputs (fewer names, fewer columns), and compares a sqlQuery whose WHERE holds the date range', async () => {
      const only = await runOk({
        jsonQuery: { ...byStatusInFebruary, dimensions: [], order: [] },
        periodComparisons: [
          {
            measure: 'orders.count',
            timeDimension: 'orders.created_at',
            offset: monthBack,
            outputs: ['count a month before', 'count change'],
          },
        ],
      });
      expect(only.schema.map((column) => column.name)).toEqual([
        'orders.created_at.month',
        'orders.count',
        'orders.total_amount',
        'count a month before',
        'count change',
      ]);
      expect(only.data).toEqual([
        expect.objectContaining({
          'orders.created_at.month': '2024-02-01T00:00:00.000',
          'count a month before': expect.any(Number),
          'count change': 0,
        }),
      ]);
      const sql = await runOk({
        sqlQuery:
          "SELECT DATE_TRUNC('month', created_at) AS month, MEASURE(total_amount) AS amount FROM orders WHERE created_at BETWEEN '2024-02-01' AND '2024-02-29' GROUP BY 1",
        periodComparisons: [
          { measure: 'orders.total_amount', timeDimension: 'orders.created_at', offset: monthBack },
        ],
      });
      expect(sql.data).toEqual([
        {
          month: '2024-02-01T00:00:00.000',
          amount: 150,
          'amount.previous': 60,
          'amount.change': 90,
          'amount.percentChange': 1.5,
        },
      ]);
    });

    it('refuses a comparison without a date range on its time dimension, or of a measure not selected (400)', async () => {
      const withoutRange = await runReport({
        jsonQuery: {
          ...byStatusInFebruary,
          timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
        },
        periodComparisons: [
          { measure: 'orders.count', timeDimension: 'orders.created_at', offset: monthBack },
        ],
      });
      expect(errorMessageOf(withoutRange, 'BAD_REQUEST')).toMatch(/date range on orders\.created_at/);
      const notSelected = await runReport({
        jsonQuery: byStatusInFebruary,
        periodComparisons: [
          { measure: 'customers.count', timeDimension: 'orders.created_at', offset: monthBack },
        ],
      });
      expect(errorMessageOf(notSelected, 'BAD_REQUEST')).toContain('customers.count');
    });

    const weekly = {
      measures: ['orders.count', 'orders.total_amount'],
      dimensions: ['orders.status'],
      timeDimensions: [
        { dimension: 'orders.created_at', granularity: 'week', dateRange: ['2024-01-01', '2024-02-29'] },
      ],
      order: [
        ['orders.created_at', 'asc'],
        ['orders.status', 'asc'],
      ],
    };

    it('fills every week of the range for each status, with 0 for counts and sums, sorted by week', async () => {
      const result = await runOk({ jsonQuery: weekly, fillMissingRows: { member: 'orders.created_at' } });
      const statuses = [...new Set(shopTables.orders.rows.map((row) => row[2]))].sort();
      expect(result.data).toHaveLength(weeks.length * statuses.length);
      expect(result.data.map((row) => [row['orders.created_at.week'], row['orders.status']])).toEqual(
        weeks.flatMap((week) => statuses.map((status) => [week, status])),
      );
      for (const row of result.data) {
        const orders = shopTables.orders.rows.filter(
          (order) => order[2] === row['orders.status'] && weekOf(order[4]) === row['orders.created_at.week'],
        );
        expect(row['orders.count']).toBe(orders.length);
        expect(row['orders.total_amount']).toBe(orders.reduce((sum, order) => sum + order[3], 0));
        expect(row['orders.created_at']).toBe(row['orders.created_at.week']);
      }
    });

    it('fills the gaps a dashboard filter leaves, and gives excluded dimensions null instead of combinations', async () => {
      const filtered = await runOk(
        { jsonQuery: weekly, fillMissingRows: { member: 'orders.created_at' } },
        { filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }] },
      );
      expect(filtered.data.map((row) => row['orders.created_at.week'])).toEqual(weeks);
      const completedWeeks = new Set(
        shopTables.orders.rows.filter((row) => row[2] === 'completed').map((row) => weekOf(row[4])),
      );
      expect(filtered.data.filter((row) => row['orders.count'] === 0)).toHaveLength(
        weeks.length - completedWeeks.size,
      );
      const excluded = await runOk({
        jsonQuery: weekly,
        fillMissingRows: { member: 'orders.created_at', excludedDimensions: ['orders.status'] },
      });
      const ordered = new Set(shopTables.orders.rows.map((row) => weekOf(row[4])));
      const filled = excluded.data.filter((row) => row['orders.status'] === null);
      expect(filled.map((row) => row['orders.created_at.week'])).toEqual(
        weeks.filter((week) => !ordered.has(week)),
      );
      expect(filled.every((row) => row['orders.count'] === 0)).toBe(true);
      expect(excluded.data).toHaveLength(shopTables.orders.rows.length + filled.length);
    });

    it('fills between the first and last bucket without a date range, and names a bad member (400)', async () => {
      const noRange = await runOk({
        jsonQuery: {
          measures: ['orders.count'],
          timeDimensions: [{ dimension: 'orders.created_at', granularity: 'day' }],
        },
        fillMissingRows: { member: 'orders.created_at' },
      });
      // January 5 to February 28: 55 days.
      expect(noRange.data).toHaveLength(55);
      expect(noRange.data[0]?.['orders.created_at.day']).toBe('2024-01-05T00:00:00.000');
      expect(noRange.data.at(-1)?.['orders.created_at.day']).toBe('2024-02-28T00:00:00.000');
      const bad = await runReport({ jsonQuery: weekly, fillMissingRows: { member: 'orders.status' } });
      expect(errorMessageOf(bad, 'BAD_REQUEST')).toContain('orders.status');
    });
  },
);
