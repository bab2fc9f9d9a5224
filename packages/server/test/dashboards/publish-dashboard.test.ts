import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';

type Answer = Parameters<typeof expectErrorBody>[0];

/** The documented error body, with the status's code and a message or details matching `pattern`. */
function expectRefused(answer: Answer, status: 400 | 403 | 404, pattern: RegExp): void {
  const code = ({ 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND' } as const)[status];
  expectErrorBody(answer, code, JSON.stringify(answer.body));
  expect(JSON.stringify(answer.body)).toMatch(pattern);
}

import { findDeploymentId } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface Snapshot {
  id: number;
  reportId: number;
  versionNumber: number;
  name: string | null;
  title: string | null;
  kind: string | null;
  isSourceReport: boolean | null;
  sqlQuery: string | null;
  jsonQuery: Record<string, unknown> | null;
  spec: unknown;
  preferences: unknown;
  periodComparisons: unknown;
  fillMissingRows: unknown;
}

interface Dashboard {
  id: number;
  publicId: string;
  deploymentId: number;
  workbookId: number;
  status: string;
  allowEmbed: boolean;
  config: { kind: string; widgets: Array<{ id: string; type: string }>; title?: string };
  versionNumber: number;
  versionId: number;
  reportSnapshots: Snapshot[];
  createdBy: number | null;
  title: string | null;
  fromSharedWorkspace: boolean | null;
  restrictDataDownload: boolean | null;
  useBoardDashboards: boolean | null;
  checksum: string;
}

const position = { x: 0, y: 0, w: 6, h: 4 };

describe.each(storeEngines)('publishing dashboards on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let viewer: { userId: number; key: string };
  let developer: { userId: number; key: string };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    // The demo deployment serves a model, which reports are checked against.
    deploymentId = await findDeploymentId(server, 'demo');
    viewer = await createUserWithKey(server, 'viewer');
    developer = await createUserWithKey(server, 'developer');
  });
  afterAll(async () => {
    await server?.close();
  });

  const url = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;

  async function createWorkbook(name: string, key?: string): Promise<number> {
    const response = await server.request({ method: 'POST', url: url('/workbooks'), body: { name }, key });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body as { id: number }).id;
  }

  async function createReport(body: Record<string, unknown>): Promise<{ id: number; versionNumber: number }> {
    const response = await server.request({ method: 'POST', url: url('/reports'), body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: number; versionNumber: number };
  }

  async function publish(workbookId: number, body?: Record<string, unknown>, key?: string) {
    return server.request({ method: 'POST', url: url(`/workbooks/${workbookId}/publish`), body, key });
  }

  it('publishes a config: version 1, every field, the reports frozen with their version', async () => {
    const workbookId = await createWorkbook('Sales');
    const own = await createReport({
      name: 'Orders by status',
      workbookId,
      kind: 'table',
      sqlQuery: 'SELECT status, MEASURE(count) AS n FROM orders GROUP BY 1',
      preferences: { columnFormats: { n: { type: 'number', decimalPlaces: 0 } } },
    });
    const otherWorkbook = await createWorkbook('Elsewhere');
    const foreign = await createReport({
      name: 'Foreign',
      workbookId: otherWorkbook,
      sqlQuery: 'SELECT MEASURE(count) FROM orders',
    });
    const config = {
      kind: 'CLASSIC',
      title: 'Sales board',
      layout: { cols: { lg: 12, md: 10 }, breakpoints: { lg: 1200, md: 996 }, rowHeight: 40, margin: [8, 8] },
      theme: { primaryColor: '#123456', widgets: { border: { radius: '4px' } } },
      widgets: [
        { id: 'by-status', type: 'CHART', position, config: { reportId: own.id } },
        { id: 'foreign', type: 'CHART', position: { ...position, x: 6 }, config: { reportId: foreign.id } },
        { id: 'note', type: 'TEXT', position: { ...position, y: 4 }, config: { markdown: '# Hello' } },
      ],
    };
    const response = await publish(workbookId, { workbookId, config, allowEmbed: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const dashboard = response.body as Dashboard;
    expect(dashboard).toMatchObject({
      deploymentId,
      workbookId,
      status: 'published',
      allowEmbed: true,
      versionNumber: 1,
      title: 'Sales board',
      fromSharedWorkspace: true,
      restrictDataDownload: false,
      useBoardDashboards: false,
    });
    expect(dashboard.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(dashboard.config).toEqual(config);
    expect(dashboard.reportSnapshots.map((snapshot) => [snapshot.reportId, snapshot.isSourceReport])).toEqual(
      [
        [own.id, true],
        [foreign.id, false],
      ],
    );
    expect(dashboard.reportSnapshots[0]).toMatchObject({
      name: 'Orders by status',
      kind: 'table',
      versionNumber: own.versionNumber,
      sqlQuery: 'SELECT status, MEASURE(count) AS n FROM orders GROUP BY 1',
      preferences: { columnFormats: { n: { type: 'number', decimalPlaces: 0 } } },
    });

    // Editing the report later leaves the published version as it was.
    const edit = await server.request({
      method: 'PUT',
      url: url(`/reports/${own.id}`),
      body: { name: 'Renamed', sqlQuery: 'SELECT MEASURE(count) AS total FROM orders' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const read = await server.request({ method: 'GET', url: url(`/dashboards/${dashboard.id}`) });
    expect(read.status).toBe(200);
    expect((read.body as Dashboard).reportSnapshots[0]).toMatchObject({
      name: 'Orders by status',
      sqlQuery: 'SELECT status, MEASURE(count) AS n FROM orders GROUP BY 1',
    });

    // A second publish is version 2 of the same dashboard and freezes the report as it is now.
    const second = await publish(workbookId, { config: { widgets: config.widgets.slice(0, 1) } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const republished = second.body as Dashboard;
    expect(republished).toMatchObject({ id: dashboard.id, publicId: dashboard.publicId, versionNumber: 2 });
    expect(republished.config.kind).toBe('CLASSIC');
    expect(republished.reportSnapshots).toHaveLength(1);
    expect(republished.reportSnapshots[0]).toMatchObject({
      name: 'Renamed',
      versionNumber: own.versionNumber + 1,
    });
    expect(republished.checksum).not.toBe(dashboard.checksum);

    const first = await server.request({
      method: 'GET',
      url: url(`/dashboards/${dashboard.id}?versionNumber=1`),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ versionNumber: 1, versionId: dashboard.versionId, config });

    const byPublicId = await server.request({
      method: 'GET',
      url: `/api/v1/dashboards/by-public-id/${dashboard.publicId}`,
      key: viewer.key,
    });
    expect(byPublicId.status, JSON.stringify(byPublicId.body)).toBe(200);
    expect(byPublicId.body).toMatchObject({ id: dashboard.id, versionNumber: 2 });
  });

  it("publishes the workbook's saved draft when no config is sent, and needs one or the other", async () => {
    const workbookId = await createWorkbook('Drafted');
    expectRefused(await publish(workbookId), 400, /nothing to publish/);
    const draft = { widgets: [{ id: 'spacer', type: 'SPACER', position }] };
    const saved = await server.request({
      method: 'PUT',
      url: url(`/workbooks/${workbookId}/dashboard`),
      body: { dashboardDraft: draft },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const response = await publish(workbookId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((response.body as Dashboard).config).toEqual({ kind: 'CLASSIC', ...draft });

    await server.request({
      method: 'PUT',
      url: url(`/workbooks/${workbookId}/dashboard`),
      body: { dashboardDraft: { widgets: [{ id: 'x', type: 'PIE', position }] } },
    });
    expectRefused(await publish(workbookId), 400, /saved dashboard draft is not a valid/);
  });

  it('validates the config to the letter', async () => {
    const workbookId = await createWorkbook('Validated');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ widgets: [{ id: 'a'.repeat(129), type: 'TEXT', position }] }, /widgets/],
      [
        {
          widgets: [
            { id: 'a', type: 'TEXT', position },
            { id: 'a', type: 'TEXT', position },
          ],
        },
        /used twice/,
      ],
      [{ widgets: [{ id: 'a', type: 'TEXT', position: { x: 0, y: 0, w: 1 } }] }, /h/],
      [{ widgets: [{ id: 'a', type: 'TEXT', position: { x: 0.5, y: 0, w: 1, h: 1 } }] }, /x/],
      [{ widgets: [{ id: 'a', type: 'CHART', position, config: { reportId: 'seven' } }] }, /reportId/],
      [{ widgets: [{ id: 'a', type: 'CHART', position, config: { reportId: 999999 } }] }, /999999/],
      [{ kind: 'APP' }, /APP dashboard needs/],
      [{ kind: 'APP', app: { entry: 'main.html', files: { 'index.html': '' } } }, /not one of app.files/],
      [{ kind: 'APP', app: { entry: 'e'.repeat(256), html: '<p>' } }, /entry/],
      [{ kind: 'BOARD' }, /kind/],
      [{ layout: { cols: { lg: 'twelve' } } }, /cols/],
      [{ theme: { widgets: { border: { shadow: '1px' } } } }, /shadow/],
      [{ widgets: [{ id: 'a\u0000', type: 'TEXT', position }] }, /NUL/],
    ];
    for (const [config, message] of cases) {
      expectRefused(await publish(workbookId, { config }), 400, message);
    }
    expectRefused(await publish(workbookId, { workbookId: workbookId + 1, config: {} }), 400, /differs/);
    expectRefused(
      await publish(workbookId, { dashboardId: 12345, config: {} }),
      400,
      /dashboardId|no dashboard/,
    );
    // Nothing was published by the refused requests.
    const list = await server.request({ method: 'GET', url: url(`/workbooks/${workbookId}`) });
    expect(list.status).toBe(200);
    const app = await publish(workbookId, {
      config: { kind: 'APP', app: { entry: 'index.html', files: { 'index.html': '<h1>App</h1>' } } },
    });
    expect(app.status, JSON.stringify(app.body)).toBe(200);
    expect(app.body).toMatchObject({ versionNumber: 1, config: { kind: 'APP', widgets: [] } });
  });

  it('needs edit rights on the workbook to publish; viewers read published dashboards', async () => {
    const workbookId = await createWorkbook('Rights');
    expectRefused(await publish(workbookId, { config: {} }, viewer.key), 403, /edit rights/);
    const mine = await createWorkbook('Developer own', developer.key);
    const response = await publish(mine, { config: {} }, developer.key);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const dashboard = response.body as Dashboard;
    const read = await server.request({
      method: 'GET',
      url: url(`/dashboards/${dashboard.id}`),
      key: viewer.key,
    });
    expect(read.status).toBe(200);
    expectRefused(
      await server.request({ method: 'GET', url: url('/dashboards/99999') }),
      404,
      /dashboard 99999 not found/,
    );
  });

  it('numbers concurrent publishes of one workbook one after the other', async () => {
    const workbookId = await createWorkbook('Concurrent');
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        publish(workbookId, { config: { widgets: [{ id: `w${index}`, type: 'TEXT', position }] } }),
      ),
    );
    for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(200);
    const numbers = responses.map((response) => (response.body as Dashboard).versionNumber).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(responses.map((response) => (response.body as Dashboard).id)).size).toBe(1);
  });
});
