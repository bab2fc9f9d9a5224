import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/**
 * The hosted CLI's folders, workspace, report-folders and dashboard rows (HOSTED-CLIENT.md: `workbooks
 * publish|dashboard|ai-thread`), sent exactly as it sends them over a real socket.
 */
describe('the hosted CLI, replayed: folders, the workspace, report folders and dashboards', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let deploymentId: number;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
    const created = await cli.call('POST', '/build/api/v1/deployments', {
      body: { name: 'replayed', region: 'local' },
    });
    expect(created.status, created.text).toBe(201);
    deploymentId = (created.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('folders create / list / update / ancestors / delete: …/folders and …/folders/{F}', async () => {
    const folders = `/api/v1/deployments/${deploymentId}/folders`;
    const top = await cli.call('POST', folders, { body: { name: 'Replayed' } });
    expect(top.status, top.text).toBe(201);
    const topId = (top.body as { id: number }).id;
    const child = await cli.call('POST', folders, { body: { name: 'Child', parentId: topId, position: 2 } });
    expect(child.status, child.text).toBe(201);
    const childId = (child.body as { id: number }).id;
    const listQueries: Array<Array<[string, string]>> = [
      [],
      [
        ['parentId', String(topId)],
        ['first', '20'],
      ],
    ];
    for (const query of listQueries) {
      const list = await cli.call('GET', folders, { query });
      expect(list.status, list.text).toBe(200);
      const items = listOfAnswer(list);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item).toMatchObject({
          id: expect.any(Number),
          name: expect.any(String),
          position: expect.any(Number),
        });
        expect(item).toHaveProperty('parentId');
        expect(item).toHaveProperty('updatedAt');
      }
    }
    const updated = await cli.call('PUT', `${folders}/${childId}`, {
      body: { name: 'Renamed', position: 1 },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ id: childId, name: 'Renamed', position: 1, parentId: topId });
    const ancestors = await cli.call('GET', `${folders}/${childId}/ancestors`);
    expect(ancestors.status, ancestors.text).toBe(200);
    expect(ancestors.body).toEqual([
      expect.objectContaining({ id: topId, name: 'Replayed', parentId: null }),
    ]);
    const emptyDeleted = await cli.call('DELETE', `${folders}/${childId}`);
    expect(emptyDeleted.status, emptyDeleted.text).toBe(200);
    expect(emptyDeleted.body).toEqual({ success: true });
  });

  it('workspace list / shared / move: …/workspace?types=FOLDER&types=REPORT…, …/workspace/move', async () => {
    const base = `/api/v1/deployments/${deploymentId}`;
    const target = await cli.call('POST', `${base}/folders`, { body: { name: 'Move target' } });
    const moving = await cli.call('POST', `${base}/folders`, { body: { name: 'Moving' } });
    const targetId = (target.body as { id: number }).id;
    const movingId = (moving.body as { id: number }).id;
    const moved = await cli.call('POST', `${base}/workspace/move`, {
      body: { type: 'FOLDER', id: movingId, folderId: targetId },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ type: 'FOLDER', id: movingId, folderId: targetId });
    for (const path of ['workspace', 'shared-workspace']) {
      const answer = await cli.call('GET', `${base}/${path}`, {
        query: [
          ['folderId', String(targetId)],
          ['types', 'FOLDER'],
          ['types', 'REPORT'],
          ['search', 'mov'],
          ['orderByField', 'name'],
          ['orderByDirection', 'desc'],
          ['first', '20'],
        ],
      });
      expect(answer.status, answer.text).toBe(200);
      expect(listOfAnswer(answer)).toEqual([
        { id: movingId, type: 'FOLDER', name: 'Moving', folderId: targetId, updatedAt: expect.any(String) },
      ]);
    }
    const toRoot = await cli.call('POST', `${base}/workspace/move`, {
      body: { type: 'FOLDER', id: movingId, folderId: null },
    });
    expect(toRoot.body).toMatchObject({ folderId: null });
    const root = await cli.call('GET', `${base}/workspace`);
    expect(listOfAnswer(root).map((item) => item.id)).toEqual(expect.arrayContaining([targetId, movingId]));
  });

  it('reports folders: GET /api/v1/deployments/{D}/report-folders', async () => {
    const folders = `/api/v1/deployments/${deploymentId}/folders`;
    const made = await cli.call('POST', folders, { body: { name: 'counted' } });
    expect(made.status, made.text).toBe(201);
    const folderId = (made.body as { id: number }).id;
    const report = await cli.call('POST', `/api/v1/deployments/${deploymentId}/reports`, {
      body: { name: 'in counted', folderId },
    });
    expect(report.status, report.text).toBe(201);
    const answer = await cli.call('GET', `/api/v1/deployments/${deploymentId}/report-folders`);
    expect(answer.status, answer.text).toBe(200);
    expect(listOfAnswer(answer)).toContainEqual(
      expect.objectContaining({ id: folderId, name: 'counted', reportsCount: 1 }),
    );
  });

  it('workbooks publish / dashboard / ai-thread: …/publish {…data, workbookId}, …/dashboard {dashboardDraft}, …/dashboard/ai-widget-thread {widgetId, threadId}', async () => {
    const workbooks = `/api/v1/deployments/${deploymentId}/workbooks`;
    const created = await cli.call('POST', workbooks, { body: { name: 'Published' } });
    expect(created.status, created.text).toBe(201);
    const workbookId = (created.body as { id: number }).id;
    const config = {
      kind: 'CLASSIC',
      widgets: [
        { id: 'note', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 2 }, config: { markdown: 'Hi' } },
        { id: 'assistant', type: 'AI', position: { x: 6, y: 0, w: 6, h: 4 } },
      ],
    };
    // `-d` data first, then the CLI sets workbookId from its argument.
    const published = await cli.call('POST', `${workbooks}/${workbookId}/publish`, {
      body: { config, title: 'Replayed board', workbookId },
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({
      id: expect.any(Number),
      publicId: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
      workbookId,
      status: 'published',
      versionNumber: 1,
      title: 'Replayed board',
      config,
    });

    const draft = { widgets: [{ id: 'w1', type: 'REPORT', config: { reportId: 1 } }] };
    const saved = await cli.call('PUT', `${workbooks}/${workbookId}/dashboard`, {
      body: { dashboardDraft: draft },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ dashboardDraft: draft, dashboardPublished: config });

    const thread = await cli.call('POST', `${workbooks}/${workbookId}/dashboard/ai-widget-thread`, {
      body: { widgetId: 'assistant', threadId: 'replayed-thread' },
    });
    expect(thread.status, thread.text).toBe(200);
    const widgets = (thread.body as { config: { widgets: Array<{ id: string; config?: unknown }> } }).config
      .widgets;
    expect(widgets.find((widget) => widget.id === 'assistant')?.config).toEqual({
      threadId: 'replayed-thread',
    });
    expect(thread.body).toMatchObject({ versionNumber: 1, workbookId });
  });
});
