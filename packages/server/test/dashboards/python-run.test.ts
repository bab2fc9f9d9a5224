import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createUserWithKey, startTestServer, type TestServer } from '../support/test-server.js';

const position = { x: 0, y: 0, w: 6, h: 4 };

/** The Python of a dashboard's html report prints what it was given and writes html from the filters. */
const publishedCode = `
filters = platform_input["filters"]
print("filters:", len(filters))
platform_output(html="<p>" + platform_input["report"]["name"] + "</p>", data={"filters": filters})
`;

/** python-run: the published code of an html report, run in the sandbox with the dashboard's filters. */
describe('running the Python of a dashboard', () => {
  let server: TestServer;
  let deploymentId: number;
  let viewer: { userId: number; key: string };
  let publicId: string;
  let htmlReportId: number;
  let twoReportsPublicId: string;

  const url = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;

  async function createHtmlReport(workbookId: number, name: string, code: string): Promise<number> {
    const response = await server.request({
      method: 'POST',
      url: url('/reports'),
      body: { name, kind: 'html', workbookId, meta: { pythonCode: code } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body as { id: number }).id;
  }

  async function publishWith(reportIds: number[]): Promise<string> {
    const workbook = await server.request({ method: 'POST', url: url('/workbooks'), body: { name: 'py' } });
    const workbookId = (workbook.body as { id: number }).id;
    const ids = await Promise.all(
      reportIds.length > 0
        ? reportIds.map((id) => Promise.resolve(id))
        : [createHtmlReport(workbookId, 'Sales html', publishedCode)],
    );
    htmlReportId = ids[0] as number;
    const response = await server.request({
      method: 'POST',
      url: url(`/workbooks/${workbookId}/publish`),
      body: {
        config: {
          widgets: ids.map((reportId, index) => ({
            id: `w${index}`,
            type: 'CHART',
            position,
            config: { reportId },
          })),
        },
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { publicId: string }).publicId;
  }

  function pythonRun(dashboardPublicId: string, body?: Record<string, unknown>, key?: string) {
    return server.request({
      method: 'POST',
      url: `/api/v1/embed/dashboard/${dashboardPublicId}/python-run`,
      body,
      key,
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    deploymentId = await findDeploymentId(server, 'demo');
    viewer = await createUserWithKey(server, 'viewer');
    publicId = await publishWith([]);
    const workbook = await server.request({ method: 'POST', url: url('/workbooks'), body: { name: 'two' } });
    const workbookId = (workbook.body as { id: number }).id;
    const second = await createHtmlReport(workbookId, 'Second', 'print(1)');
    twoReportsPublicId = await publishWith([htmlReportId, second]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs the published code for a viewer, with the filters as input, and returns what it wrote', async () => {
    const filters = [{ member: 'orders.status', operator: 'equals', values: ['completed'] }];
    const response = await pythonRun(publicId, { filters }, viewer.key);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      stdout: 'filters: 1\n',
      stderr: '',
      html: '<p>Sales html</p>',
      data: { filters },
    });
    // No body at all: no filters.
    const bare = await pythonRun(publicId, undefined, viewer.key);
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body).toMatchObject({ stdout: 'filters: 0\n' });
  });

  it('runs other code only for editors, and a failing script is its own stderr, not a server error', async () => {
    const code = 'print(sum(range(10)))';
    expect(errorMessageOf(await pythonRun(publicId, { code }, viewer.key), 'FORBIDDEN')).toMatch(
      /edit rights/,
    );
    const own = await pythonRun(publicId, { code });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ stdout: '45\n', html: null });
    const failing = await pythonRun(publicId, {
      code: 'import socket\nsocket.create_connection(("127.0.0.1", 80))',
    });
    expect(failing.status, JSON.stringify(failing.body)).toBe(200);
    expect((failing.body as { stderr: string }).stderr).toMatch(/Error/);
  });

  it("gives the script the report's rows as the caller sees them, with the dashboard's filters", async () => {
    const workbook = await server.request({ method: 'POST', url: url('/workbooks'), body: { name: 'rows' } });
    const workbookId = (workbook.body as { id: number }).id;
    const report = await server.request({
      method: 'POST',
      url: url('/reports'),
      body: {
        name: 'Statuses',
        kind: 'html',
        workbookId,
        jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
        meta: {
          pythonCode: 'print(len(platform_input["data"]), [c["name"] for c in platform_input["schema"]])',
        },
      },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const reportId = (report.body as { id: number }).id;
    const published = await server.request({
      method: 'POST',
      url: url(`/workbooks/${workbookId}/publish`),
      body: {
        config: {
          widgets: [
            { id: 'statuses', type: 'CHART', position, config: { reportId } },
            {
              id: 'status',
              type: 'FILTER',
              position: { ...position, y: 4 },
              config: { member: 'orders.status' },
            },
          ],
        },
      },
    });
    const dashboard = published.body as { id: number; publicId: string };
    const widgetRun = await server.request({
      method: 'POST',
      url: url(`/dashboards/${dashboard.id}/widgets/statuses/run`),
      key: viewer.key,
    });
    const rowCount = (widgetRun.body as { data: unknown[] }).data.length;
    expect(rowCount).toBeGreaterThan(1);
    const all = await pythonRun(dashboard.publicId, {}, viewer.key);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect((all.body as { stdout: string }).stdout).toBe(`${rowCount} ['orders.status', 'orders.count']\n`);
    const filters = [{ member: 'orders.status', operator: 'equals', values: ['completed'] }];
    const filtered = await pythonRun(dashboard.publicId, { filters }, viewer.key);
    expect((filtered.body as { stdout: string }).stdout).toBe("1 ['orders.status', 'orders.count']\n");
    // A filter on a member no FILTER widget declares is refused, as widget runs refuse it.
    const undeclared = [{ member: 'orders.id', operator: 'equals', values: ['1'] }];
    expect(
      errorMessageOf(await pythonRun(dashboard.publicId, { filters: undeclared }), 'BAD_REQUEST'),
    ).toMatch(/orders\.id/);
  });

  it('picks the html report: the only one, or the one named; otherwise a clear 4xx', async () => {
    expect(errorMessageOf(await pythonRun(twoReportsPublicId, {}), 'BAD_REQUEST')).toMatch(
      /name one with reportId/,
    );
    const named = await pythonRun(twoReportsPublicId, { reportId: htmlReportId });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(errorMessageOf(await pythonRun(twoReportsPublicId, { reportId: 999999 }), 'NOT_FOUND')).toMatch(
      /html report 999999/,
    );
    expect(errorMessageOf(await pythonRun('Nope12345678', {}), 'NOT_FOUND')).toMatch(
      /dashboard Nope12345678/,
    );
  });
});

describe('running the Python of a dashboard without Python on the server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ environment: { PLATFORM_PYTHON: '/nonexistent/python3' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 501 saying what to install', async () => {
    const deploymentId = await findDeploymentId(server, 'demo');
    const base = `/api/v1/deployments/${deploymentId}`;
    const workbook = await server.request({ method: 'POST', url: `${base}/workbooks`, body: { name: 'py' } });
    const workbookId = (workbook.body as { id: number }).id;
    const report = await server.request({
      method: 'POST',
      url: `${base}/reports`,
      body: { name: 'html', kind: 'html', workbookId, meta: { pythonCode: 'print(1)' } },
    });
    const published = await server.request({
      method: 'POST',
      url: `${base}/workbooks/${workbookId}/publish`,
      body: {
        config: {
          widgets: [
            { id: 'w', type: 'CHART', position, config: { reportId: (report.body as { id: number }).id } },
          ],
        },
      },
    });
    const { publicId } = published.body as { publicId: string };
    const response = await server.request({
      method: 'POST',
      url: `/api/v1/embed/dashboard/${publicId}/python-run`,
    });
    expect(errorMessageOf(response, 'NOT_IMPLEMENTED')).toMatch(/install python3|PLATFORM_PYTHON/);
  });
});
