import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface Dashboard {
  id: number;
  workbookId: number;
  status: string;
  allowEmbed: boolean;
  restrictDataDownload: boolean | null;
  title: string | null;
  versionNumber: number;
  versionId: number;
  checksum: string;
  updatedAt: string;
  config: { widgets: Array<{ id: string; type: string; config?: Record<string, unknown> }> };
  reportSnapshots: Array<{ reportId: number }>;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

const position = { x: 0, y: 0, w: 6, h: 4 };

describe.each(storeEngines)('managing dashboards on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let viewer: { userId: number; key: string };
  let developer: { userId: number; key: string };
  let reportId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await findDeploymentId(server, 'demo');
    viewer = await createUserWithKey(server, 'viewer');
    developer = await createUserWithKey(server, 'developer');
    const report = await server.request({
      method: 'POST',
      url: url('/reports'),
      body: { name: 'Orders', sqlQuery: 'SELECT MEASURE(count) AS n FROM orders' },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    reportId = (report.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  function url(path: string): string {
    return `/api/v1/deployments/${deploymentId}${path}`;
  }

  async function ok<Body>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<Body> {
    const response = await server.request({ method, url: url(path), body, key });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body as Body;
  }

  async function publishedDashboard(name: string, widgets: unknown[] = []): Promise<Dashboard> {
    const workbook = await server.request({ method: 'POST', url: url('/workbooks'), body: { name } });
    expect(workbook.status, JSON.stringify(workbook.body)).toBe(201);
    const workbookId = (workbook.body as { id: number }).id;
    return ok<Dashboard>('POST', `/workbooks/${workbookId}/publish`, { config: { widgets } });
  }

  it('lists dashboards at their latest version, paged by id, filtered by status', async () => {
    const first = await publishedDashboard('List one', [
      { id: 'chart', type: 'CHART', position, config: { reportId } },
    ]);
    await ok('POST', `/workbooks/${first.workbookId}/publish`, {
      config: { widgets: [{ id: 'chart', type: 'CHART', position, config: { reportId } }], title: 'Second' },
    });
    const second = await publishedDashboard('List two');
    const all = await ok<Page<Dashboard>>('GET', '/dashboards?first=100');
    const listed = all.items.find((item) => item.id === first.id);
    expect(listed).toMatchObject({ versionNumber: 2, title: 'Second', reportSnapshots: [{ reportId }] });
    expect(all.items.map((item) => item.id)).toEqual(
      [...all.items.map((item) => item.id)].sort((a, b) => a - b),
    );

    const pageOne = await ok<Page<Dashboard>>('GET', '/dashboards?first=1');
    expect(pageOne.items).toHaveLength(1);
    expect(pageOne.pageInfo.hasNextPage).toBe(true);
    const pageTwo = await ok<Page<Dashboard>>(
      'GET',
      `/dashboards?first=1&after=${pageOne.pageInfo.endCursor}`,
    );
    expect(pageTwo.items[0]?.id).toBeGreaterThan(pageOne.items[0]?.id ?? 0);

    await ok('PUT', `/dashboards/${second.id}`, { status: 'archived' });
    const archived = await ok<Page<Dashboard>>('GET', '/dashboards?status=archived&first=100');
    expect(archived.items.map((item) => item.id)).toEqual([second.id]);
    const published = await ok<Page<Dashboard>>('GET', '/dashboards?status=published&first=100');
    expect(published.items.map((item) => item.id)).toContain(first.id);
    expect(published.items.map((item) => item.id)).not.toContain(second.id);

    // Viewers are not shown archived dashboards, in the list or by id.
    const seenByViewer = await ok<Page<Dashboard>>('GET', '/dashboards?first=100', undefined, viewer.key);
    expect(seenByViewer.items.map((item) => item.id)).toContain(first.id);
    expect(seenByViewer.items.map((item) => item.id)).not.toContain(second.id);
    const hidden = await server.request({
      method: 'GET',
      url: url(`/dashboards/${second.id}`),
      key: viewer.key,
    });
    expectErrorBody(hidden, 'NOT_FOUND', 'archived dashboard to a viewer');
    expectErrorBody(
      await server.request({ method: 'GET', url: url('/dashboards?status=gone') }),
      'BAD_REQUEST',
      'unknown status',
    );
  });

  it('lists versions newest first, paged, with their fields', async () => {
    const dashboard = await publishedDashboard('Versions', [{ id: 'a', type: 'TEXT', position }]);
    await ok('POST', `/workbooks/${dashboard.workbookId}/publish`, {
      config: {
        widgets: [
          { id: 'a', type: 'TEXT', position },
          { id: 'b', type: 'TEXT', position },
        ],
      },
      title: 'Two',
    });
    await ok('POST', `/workbooks/${dashboard.workbookId}/publish`, { config: { widgets: [] } });
    const page = await ok<Page<Record<string, unknown>>>(
      'GET',
      `/dashboards/${dashboard.id}/versions?first=2`,
    );
    expect(page.items.map((item) => item.versionNumber)).toEqual([3, 2]);
    expect(page.items[1]).toMatchObject({ widgetCount: 2, title: 'Two', checksum: expect.any(String) });
    expect(page.items[1]).toHaveProperty('createdBy');
    expect(page.items[1]).toHaveProperty('createdAt');
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await ok<Page<Record<string, unknown>>>(
      'GET',
      `/dashboards/${dashboard.id}/versions?first=2&after=${page.pageInfo.endCursor}`,
    );
    expect(rest.items).toEqual([
      expect.objectContaining({ versionNumber: 1, versionId: dashboard.versionId, widgetCount: 1 }),
    ]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    expectErrorBody(
      await server.request({ method: 'GET', url: url('/dashboards/99999/versions') }),
      'NOT_FOUND',
      'versions of no dashboard',
    );
  });

  it('archives and restores, refuses draft, changes no version, writes nothing for no change', async () => {
    const dashboard = await publishedDashboard('Status');
    const unchanged = await ok<Dashboard>('PUT', `/dashboards/${dashboard.id}`, { status: 'published' });
    expect(unchanged.updatedAt).toBe(dashboard.updatedAt);
    const archived = await ok<Dashboard>('PUT', `/dashboards/${dashboard.id}`, { status: 'archived' });
    expect(archived).toMatchObject({ status: 'archived', versionNumber: 1, versionId: dashboard.versionId });
    const draft = await server.request({
      method: 'PUT',
      url: url(`/dashboards/${dashboard.id}`),
      body: { status: 'draft' },
    });
    expectErrorBody(draft, 'BAD_REQUEST', 'draft after a publish');
    expect(JSON.stringify(draft.body)).toMatch(/draft/);
    const restored = await ok<Dashboard>('PUT', `/dashboards/${dashboard.id}`, {
      status: 'published',
      title: 'Renamed',
      allowEmbed: true,
      restrictDataDownload: true,
    });
    expect(restored).toMatchObject({
      status: 'published',
      title: 'Renamed',
      allowEmbed: true,
      restrictDataDownload: true,
      versionNumber: 1,
    });
    // Publishing an archived dashboard makes it published again.
    await ok('PUT', `/dashboards/${dashboard.id}`, { status: 'archived' });
    const republished = await ok<Dashboard>('POST', `/workbooks/${dashboard.workbookId}/publish`, {
      config: { widgets: [] },
    });
    expect(republished).toMatchObject({ status: 'published', versionNumber: 2 });
    expectErrorBody(
      await server.request({
        method: 'PUT',
        url: url(`/dashboards/${dashboard.id}`),
        body: { colour: 'red' },
      }),
      'BAD_REQUEST',
      'unknown member',
    );
  });

  it('needs edit to archive and manage to change embedding or downloads', async () => {
    const own = await server.request({
      method: 'POST',
      url: url('/workbooks'),
      body: { name: 'Shared with the team' },
    });
    const workbookId = (own.body as { id: number }).id;
    const dashboard = await ok<Dashboard>('POST', `/workbooks/${workbookId}/publish`, { config: {} });
    const byViewer = await server.request({
      method: 'PUT',
      url: url(`/dashboards/${dashboard.id}`),
      body: { status: 'archived' },
      key: viewer.key,
    });
    expectErrorBody(byViewer, 'FORBIDDEN', 'a viewer archiving');
    // A developer edits shared content but manages only their own.
    const archivedByDeveloper = await server.request({
      method: 'PUT',
      url: url(`/dashboards/${dashboard.id}`),
      body: { status: 'archived' },
      key: developer.key,
    });
    expect(archivedByDeveloper.status, JSON.stringify(archivedByDeveloper.body)).toBe(200);
    const embedByDeveloper = await server.request({
      method: 'PUT',
      url: url(`/dashboards/${dashboard.id}`),
      body: { allowEmbed: true },
      key: developer.key,
    });
    expectErrorBody(embedByDeveloper, 'FORBIDDEN', 'a developer allowing embedding');
    expect(JSON.stringify(embedByDeveloper.body)).toMatch(/manage/);
    const sameValue = await server.request({
      method: 'PUT',
      url: url(`/dashboards/${dashboard.id}`),
      body: { allowEmbed: false },
      key: developer.key,
    });
    expect(sameValue.status, 'sending the value held changes nothing').toBe(200);
  });

  it('attaches AI widget threads with the checksum rule, keeping them across publishes', async () => {
    const widgets = [
      { id: 'assistant', type: 'AI', position, config: { agentId: 'default' } },
      { id: 'other-ai', type: 'AI', position },
      { id: 'note', type: 'TEXT', position },
    ];
    const dashboard = await publishedDashboard('Chatty', widgets);
    const thread = `/workbooks/${dashboard.workbookId}/dashboard/ai-widget-thread`;
    const attached = await ok<Dashboard>('POST', thread, {
      widgetId: 'assistant',
      threadId: 'thread-1',
      checksum: dashboard.checksum,
    });
    expect(attached).toMatchObject({ versionNumber: 1, checksum: dashboard.checksum });
    expect(attached.config.widgets[0]?.config).toEqual({ agentId: 'default', threadId: 'thread-1' });
    await ok('POST', thread, { widgetId: 'other-ai', threadId: 'thread-2' });
    const read = await ok<Dashboard>('GET', `/dashboards/${dashboard.id}`);
    expect(read.config.widgets.map((widget) => widget.config?.threadId)).toEqual([
      'thread-1',
      'thread-2',
      undefined,
    ]);
    const versions = await ok<Page<unknown>>('GET', `/dashboards/${dashboard.id}/versions`);
    expect(versions.items).toHaveLength(1);

    const refusals: Array<[Record<string, unknown>, 'BAD_REQUEST' | 'CONFLICT', RegExp]> = [
      [{ widgetId: 'missing', threadId: 't' }, 'BAD_REQUEST', /no widget ..missing/],
      [{ widgetId: 'note', threadId: 't' }, 'BAD_REQUEST', /only AI widgets/],
      [{ widgetId: 'assistant', threadId: 't', checksum: 'stale' }, 'CONFLICT', /published again/],
      [{ widgetId: 'assistant' }, 'BAD_REQUEST', /threadId/],
    ];
    for (const [body, code, pattern] of refusals) {
      const answer = await server.request({ method: 'POST', url: url(thread), body });
      expectErrorBody(answer, code, JSON.stringify(body));
      expect(JSON.stringify((answer.body as { message: unknown }).message)).toMatch(pattern);
    }
    const byViewer = await server.request({
      method: 'POST',
      url: url(thread),
      body: { widgetId: 'assistant', threadId: 'mine' },
      key: viewer.key,
    });
    expectErrorBody(byViewer, 'FORBIDDEN', 'a viewer attaching a thread');

    // A new version keeps the thread of the AI widget it still has and drops the other's.
    const next = await ok<Dashboard>('POST', `/workbooks/${dashboard.workbookId}/publish`, {
      config: { widgets: [widgets[0], widgets[2]] },
    });
    expect(next.config.widgets[0]?.config).toEqual({ agentId: 'default', threadId: 'thread-1' });
    const stale = await server.request({
      method: 'POST',
      url: url(thread),
      body: { widgetId: 'assistant', threadId: 'thread-3', checksum: dashboard.checksum },
    });
    expectErrorBody(stale, 'CONFLICT', 'the checksum of the first version');
    await ok('POST', `/workbooks/${dashboard.workbookId}/publish`, { config: { widgets } });
    const again = await ok<Dashboard>('GET', `/dashboards/${dashboard.id}`);
    expect(again.config.widgets.map((widget) => widget.config?.threadId)).toEqual([
      'thread-1',
      undefined,
      undefined,
    ]);

    const unpublished = await server.request({
      method: 'POST',
      url: url('/workbooks'),
      body: { name: 'Bare' },
    });
    const bare = await server.request({
      method: 'POST',
      url: url(`/workbooks/${(unpublished.body as { id: number }).id}/dashboard/ai-widget-thread`),
      body: { widgetId: 'assistant', threadId: 't' },
    });
    expectErrorBody(bare, 'NOT_FOUND', 'a workbook with no published dashboard');
  });

  it('answers a saved draft with the published config beside it', async () => {
    const created = await server.request({
      method: 'POST',
      url: url('/workbooks'),
      body: { name: 'Drafts' },
    });
    const workbookId = (created.body as { id: number }).id;
    const draft = { widgets: [{ id: 'd', type: 'TEXT', position }] };
    const before = await ok('PUT', `/workbooks/${workbookId}/dashboard`, { dashboardDraft: draft });
    expect(before).toEqual({ dashboardDraft: draft, dashboardPublished: null });
    const published = await ok<Dashboard>('POST', `/workbooks/${workbookId}/publish`, {});
    const next = { widgets: [] };
    const after = await ok('PUT', `/workbooks/${workbookId}/dashboard`, { dashboardDraft: next });
    expect(after).toEqual({ dashboardDraft: next, dashboardPublished: published.config });
    await ok('PUT', `/dashboards/${published.id}`, { status: 'archived' });
    const archived = await ok('PUT', `/workbooks/${workbookId}/dashboard`, { dashboardDraft: null });
    expect(archived).toEqual({ dashboardDraft: null, dashboardPublished: null });
  });
});
