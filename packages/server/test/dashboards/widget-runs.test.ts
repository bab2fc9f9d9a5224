import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardsTable } from '../../src/modules/dashboards/dashboards.tables.js';
import { csvCell } from '../../src/modules/dashboards/widget-run-csv.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { loadUrl, shopModel } from '../semantic-api/semantic-api-helpers.js';
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

const byStatus = {
  measures: ['orders.count'],
  dimensions: ['orders.status'],
  order: [['orders.status', 'asc']],
};
const byMonth = {
  measures: ['orders.count'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
  order: [['orders.created_at', 'asc']],
};
const position = { x: 0, y: 0, w: 6, h: 4 };

/** The widgets of the test dashboard: two charts, the controls that feed them, and a text. */
function widgetsOf(reports: { byStatus: number; byMonth: number; amounts: number }) {
  return [
    { id: 'by-status', type: 'CHART', position, config: { reportId: reports.byStatus } },
    { id: 'by-month', type: 'CHART', position, config: { reportId: reports.byMonth } },
    { id: 'amounts', type: 'CHART', position, config: { reportId: reports.amounts } },
    // No appliesTo: every CHART widget.
    { id: 'status', type: 'FILTER', position, config: { member: 'orders.status' } },
    {
      id: 'country',
      type: 'FILTER',
      position,
      config: { member: 'customers.country', appliesTo: ['amounts'] },
    },
    {
      id: 'grain',
      type: 'TIME_GRAIN',
      position,
      config: { grain: 'month', grains: ['month', 'year'], appliesTo: ['by-month'] },
    },
    { id: 'note', type: 'TEXT', position, config: { markdown: '# Orders' } },
  ];
}

describe.each(storeEngines)('running dashboard widgets on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let viewer: { userId: number; key: string };
  let reports: { byStatus: number; byMonth: number; amounts: number };
  let dashboardId: number;

  const url = (path: string) => `/api/v1/deployments/${shop.deploymentId}${path}`;
  const runUrl = (widgetId: string, id = dashboardId, format?: string) =>
    url(`/dashboards/${id}/widgets/${encodeURIComponent(widgetId)}/run${format ? `?format=${format}` : ''}`);

  async function created(path: string, body: unknown): Promise<number> {
    const answer = await server.request({ method: 'POST', url: url(path), body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return (answer.body as { id: number }).id;
  }

  async function publish(widgets: unknown[]): Promise<number> {
    const workbookId = await created('/workbooks', { name: `board ${Math.random()}` });
    const answer = await server.request({
      method: 'POST',
      url: url(`/workbooks/${workbookId}/publish`),
      body: { config: { kind: 'CLASSIC', widgets } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { id: number }).id;
  }

  function run(widgetId: string, body?: unknown, key?: string, id = dashboardId) {
    return server.request({
      method: 'POST',
      url: runUrl(widgetId, id),
      ...(body === undefined ? {} : { body }),
      ...(key === undefined ? {} : { key }),
    });
  }

  async function runOk(widgetId: string, body?: unknown, key?: string, id = dashboardId) {
    const answer = await run(widgetId, body, key, id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as RunResult;
  }

  async function load(query: unknown, key?: string) {
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, query),
      ...(key === undefined ? {} : { key }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: Row[] }).data;
  }

  async function runCsv(widgetId: string, body?: unknown, key = server.adminKey) {
    return server.app.inject({
      method: 'POST',
      url: runUrl(widgetId, dashboardId, 'csv'),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
    });
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, warehouseOfEngine(engine), shopWithPolicies);
    viewer = await createUserWithKey(server, 'viewer');
    reports = {
      byStatus: await created('/reports', { name: 'Orders by status', jsonQuery: byStatus }),
      byMonth: await created('/reports', { name: 'Orders by month', jsonQuery: byMonth }),
      amounts: await created('/reports', {
        name: 'Amounts',
        sqlQuery: 'SELECT status, MEASURE(total_amount) AS amount FROM orders GROUP BY 1 ORDER BY 1',
      }),
    };
    dashboardId = await publish(widgetsOf(reports));
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  it("gives the rows load gives, as the caller: an admin's and a row-filtered viewer's", async () => {
    const asAdmin = await runOk('by-status');
    expect(asAdmin.data).toEqual(await load(byStatus));
    expect(asAdmin.data.map((row) => row['orders.status'])).toEqual(['cancelled', 'completed', 'returned']);
    expect(asAdmin.totalRows).toBe(3);
    expect(asAdmin.sqlQuery).toMatch(/^\s*SELECT/i);
    const asViewer = await runOk('by-status', undefined, viewer.key);
    expect(asViewer.data).toEqual([{ 'orders.status': 'completed', 'orders.count': 4 }]);
    expect(asViewer.data).toEqual(await load(byStatus, viewer.key));
    // The viewer's policy hides total_amount: the widget on it is refused as load would refuse it.
    expect(errorMessageOf(await run('amounts', undefined, viewer.key), 'FORBIDDEN')).toContain(
      'total_amount',
    );
  });

  it("adds the FILTER widgets' filters to the query (and/or groups too), under the row filters", async () => {
    const notCompleted = { member: 'orders.status', operator: 'notEquals', values: ['completed'] };
    const filtered = await runOk('by-status', { filters: [notCompleted] });
    expect(filtered.data).toEqual(await load({ ...byStatus, filters: [notCompleted] }));
    expect(filtered.data.map((row) => row['orders.status'])).toEqual(['cancelled', 'returned']);
    const either = {
      or: [
        { member: 'orders.status', operator: 'equals', values: ['cancelled'] },
        { member: 'orders.status', operator: 'equals', values: ['completed'] },
      ],
    };
    const grouped = await runOk('by-status', { filters: [either] });
    expect(grouped.data.map((row) => row['orders.status'])).toEqual(['cancelled', 'completed']);
    // The viewer's row filter still holds: its filter cannot widen what it sees.
    expect((await runOk('by-status', { filters: [notCompleted] }, viewer.key)).data).toEqual([]);
    const french = { member: 'customers.country', operator: 'equals', values: ['FR'] };
    const amounts = await runOk('amounts', { filters: [french] });
    expect(amounts.data).toEqual([
      { status: 'completed', amount: 70 },
      { status: 'returned', amount: 60 },
    ]);
  });

  it('refuses a filter or a time grain no control of the dashboard applies to the widget (400)', async () => {
    const french = { member: 'customers.country', operator: 'equals', values: ['FR'] };
    // The country filter applies to `amounts` only.
    expect(errorMessageOf(await run('by-status', { filters: [french] }), 'BAD_REQUEST')).toMatch(
      /filters\[0\].*customers\.country.*"by-status"/,
    );
    const undeclared = { member: 'orders.created_at', operator: 'set' };
    expect(
      errorMessageOf(await run('by-month', { filters: [{ and: [undeclared] }] }), 'BAD_REQUEST'),
    ).toContain('orders.created_at');
    expect(errorMessageOf(await run('by-status', { timeGrain: 'year' }), 'BAD_REQUEST')).toMatch(
      /timeGrain.*TIME_GRAIN.*"by-status"/,
    );
    expect(errorMessageOf(await run('by-month', { timeGrain: 'week' }), 'BAD_REQUEST')).toMatch(
      /"week".*month, year/,
    );
    expectErrorBody(await run('by-month', { timeGrain: 'decade' }), 'BAD_REQUEST');
  });

  it('replaces the time grain of the snapshot query with the TIME_GRAIN widget value', async () => {
    const monthly = await runOk('by-month');
    expect(monthly.data).toEqual(await load(byMonth));
    expect(monthly.data.map((row) => row['orders.count'])).toEqual([3, 3]);
    const yearly = await runOk('by-month', { timeGrain: 'year' });
    const byYear = { ...byMonth, timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year' }] };
    expect(yearly.data).toEqual(await load(byYear));
    expect(yearly.data.map((row) => row['orders.count'])).toEqual([6]);
    expect(yearly.schema.map((column) => column.name)).toContain('orders.created_at.year');
  });

  it('answers format=csv with the rows as a CSV attachment named after the widget', async () => {
    const answer = await runCsv('amounts');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="amounts\.csv"/);
    expect(answer.body).toBe('status,amount\r\ncancelled,30\r\ncompleted,120\r\nreturned,60\r\n');
    const filtered = await runCsv('by-status', {
      filters: [{ member: 'orders.status', operator: 'equals', values: ['returned'] }],
    });
    expect(filtered.body).toBe('orders.status,orders.count\r\nreturned,1\r\n');
    const asViewer = await runCsv('by-status', undefined, viewer.key);
    expect(asViewer.body).toBe('orders.status,orders.count\r\ncompleted,4\r\n');
    // Errors stay JSON.
    const refused = await runCsv('nowhere');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });

  it('quotes CSV cells as RFC 4180 asks and defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(['+1+1', '-2+3', '@SUM(A1)', '\tx'].map(csvCell)).toEqual(["'+1+1", "'-2+3", "'@SUM(A1)", "'\tx"]);
    expect([-12.5, '-12.5', '1e-3', 0, null, true].map(csvCell)).toEqual([
      '-12.5',
      '-12.5',
      '1e-3',
      '0',
      '',
      'true',
    ]);
  });

  it('refuses a CSV of a dashboard with restrictDataDownload to a key without DownloadData (403)', async () => {
    const database = server.container.platform.store.database;
    const restrict = (restrictDataDownload: boolean) =>
      database
        .update(dashboardsTable)
        .set({ restrictDataDownload })
        .where(eq(dashboardsTable.id, dashboardId));
    // Every role holds DownloadData; a key is made without it.
    const made = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'no downloads', userId: viewer.userId, canDownloadData: false },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const noDownloads = made.body as { token: string; canDownloadData: boolean };
    expect(noDownloads.canDownloadData).toBe(false);
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me', key: noDownloads.token });
    expect((me.body as { actions: string[] }).actions).not.toContain('DownloadData');
    // Nor can it make a key that has the right back.
    const escalated = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'downloads again', canDownloadData: true },
      key: noDownloads.token,
    });
    expect(errorMessageOf(escalated, 'FORBIDDEN')).toContain('DownloadData');
    const inherited = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'inherits' },
      key: noDownloads.token,
    });
    expect((inherited.body as { canDownloadData: boolean }).canDownloadData).toBe(false);
    // Unrestricted: the CSV is anyone's who may see the dashboard.
    expect((await runCsv('by-status', undefined, noDownloads.token)).statusCode).toBe(200);
    await restrict(true);
    try {
      const refused = await runCsv('by-status', undefined, noDownloads.token);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.body).toMatch(/restricts data downloads.*DownloadData/);
      // The rows themselves are still shown; only the download is restricted.
      expect((await runOk('by-status', undefined, noDownloads.token)).data).toEqual([
        { 'orders.status': 'completed', 'orders.count': 4 },
      ]);
      expect((await runCsv('by-status', undefined, viewer.key)).statusCode).toBe(200);
    } finally {
      await restrict(false);
    }
  });

  it('answers 404 for an unknown widget, a dashboard of another account, an archived one to a viewer', async () => {
    expect(errorMessageOf(await run('nowhere'), 'NOT_FOUND')).toContain('"nowhere"');
    expect(errorMessageOf(await run('note'), 'BAD_REQUEST')).toMatch(/"note".*TEXT.*no report/);
    expectErrorBody(await run('by-status', undefined, undefined, 999_999), 'NOT_FOUND');
    const other = await createOtherAccount(server);
    expectErrorBody(await run('by-status', undefined, other.adminKey), 'NOT_FOUND');
    const database = server.container.platform.store.database;
    await database
      .update(dashboardsTable)
      .set({ status: 'archived' })
      .where(eq(dashboardsTable.id, dashboardId));
    try {
      expectErrorBody(await run('by-status', undefined, viewer.key), 'NOT_FOUND');
      // Editors still read an archived dashboard, and run it.
      await runOk('by-status');
    } finally {
      await database
        .update(dashboardsTable)
        .set({ status: 'published' })
        .where(eq(dashboardsTable.id, dashboardId));
    }
  });

  it('keeps running the frozen query after the report is edited, then deleted', async () => {
    const reportId = await created('/reports', { name: 'Frozen', jsonQuery: byStatus });
    const frozenId = await publish([{ id: 'frozen', type: 'CHART', position, config: { reportId } }]);
    const before = await runOk('frozen', undefined, undefined, frozenId);
    const edited = await server.request({
      method: 'PUT',
      url: url(`/reports/${reportId}`),
      body: { jsonQuery: { measures: ['orders.total_amount'] } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const report = await server.request({ method: 'POST', url: url(`/reports/${reportId}/run`) });
    expect((report.body as RunResult).data).toEqual([{ 'orders.total_amount': 210 }]);
    expect((await runOk('frozen', undefined, undefined, frozenId)).data).toEqual(before.data);
    const deleted = await server.request({ method: 'DELETE', url: url(`/reports/${reportId}`) });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect((await runOk('frozen', undefined, undefined, frozenId)).data).toEqual(before.data);
  });
});
