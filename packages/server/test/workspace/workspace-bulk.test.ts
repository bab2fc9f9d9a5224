import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  adminOf,
  createDeployment,
  createFolder,
  type Folder,
  insertReport,
  insertWorkbook,
  type Owner,
  reportRow,
  type WorkspaceItem,
  workbookRow,
} from './workspace-fixtures.js';

interface WorkspacePage {
  items: WorkspaceItem[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

interface BulkAnswer {
  deleted?: Array<{ type: string; id: number }>;
  moved?: Array<{ type: string; id: number }>;
  failed: Array<{ type: string; id: number; error: { status: number; message: string } }>;
}

const labelsOf = (page: WorkspacePage) => page.items.map((item) => `${item.type}:${item.name}`);

describe.each(storeEngines)('bulk operations of the workspace on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let owner: Owner;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await adminOf(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function list(deploymentId: number, query = '', key?: string, path = 'workspace') {
    const answer = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deploymentId}/${path}${query ? `?${query}` : ''}`,
      key,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as WorkspacePage;
  }

  function post(deploymentId: number, path: string, body: unknown, key?: string) {
    return server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workspace/${path}`,
      body,
      key,
    });
  }

  describe('bulk operations', () => {
    let deploymentId: number;
    let otherDeploymentId: number;
    let viewer: { userId: number; key: string };

    beforeAll(async () => {
      deploymentId = await createDeployment(server, 'workspace-bulk');
      otherDeploymentId = await createDeployment(server, 'workspace-bulk-other');
      viewer = await createUserWithKey(server, 'viewer');
    });

    it('deletes the good items and reports each bad one, never failing the request', async () => {
      const report = await insertReport(server, owner, { deploymentId, name: 'to delete' });
      const workbookId = await insertWorkbook(server, owner, { deploymentId, name: 'book to delete' });
      const ofWorkbook = await insertReport(server, owner, { deploymentId, name: 'of book', workbookId });
      const folder = await createFolder(server, deploymentId, { name: 'folder to delete' });
      const inner = await createFolder(server, deploymentId, { name: 'inner', parentId: folder.id });
      const innerReport = await insertReport(server, owner, {
        deploymentId,
        name: 'inner report',
        folderId: inner.id,
      });
      const full = await createFolder(server, deploymentId, { name: 'full' });
      const kept = await insertReport(server, owner, { deploymentId, name: 'kept', folderId: full.id });
      const foreign = await insertWorkbook(server, owner, {
        deploymentId: otherDeploymentId,
        name: 'foreign',
      });
      const answer = await post(deploymentId, 'bulk-delete', {
        items: [
          { type: 'REPORT', id: report.id },
          { type: 'WORKBOOK', id: workbookId },
          { type: 'FOLDER', id: folder.id },
          { type: 'FOLDER', id: inner.id },
          { type: 'REPORT', id: innerReport.id },
          { type: 'FOLDER', id: full.id },
          { type: 'REPORT', id: 999999 },
          { type: 'WORKBOOK', id: foreign },
          { type: 'REPORT', id: report.id },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = answer.body as BulkAnswer;
      expect(body.deleted).toEqual([
        { type: 'REPORT', id: report.id },
        { type: 'WORKBOOK', id: workbookId },
        { type: 'FOLDER', id: folder.id },
        { type: 'FOLDER', id: inner.id },
        { type: 'REPORT', id: innerReport.id },
      ]);
      expect(body.failed).toEqual([
        { type: 'FOLDER', id: full.id, error: { status: 400, message: expect.stringMatching(/recursive/) } },
        { type: 'REPORT', id: 999999, error: { status: 404, message: 'report 999999 not found' } },
        { type: 'WORKBOOK', id: foreign, error: { status: 404, message: `workbook ${foreign} not found` } },
      ]);
      expect(await reportRow(server, ofWorkbook.id)).toBeNull();
      expect(await reportRow(server, kept.id)).not.toBeNull();
      expect(await workbookRow(server, foreign)).not.toBeNull();

      const recursive = await post(deploymentId, 'bulk-delete', {
        items: [{ type: 'FOLDER', id: full.id }],
        recursive: true,
      });
      expect(recursive.body).toEqual({ deleted: [{ type: 'FOLDER', id: full.id }], failed: [] });
      expect(await reportRow(server, kept.id)).toBeNull();
    });

    it('checks rights item by item: manage to delete', async () => {
      const mine = await insertReport(server, owner, {
        deploymentId,
        name: 'viewer owns',
        ownerUserId: viewer.userId,
      });
      const theirs = await insertReport(server, owner, { deploymentId, name: 'admin owns' });
      const answer = await post(
        deploymentId,
        'bulk-delete',
        {
          items: [
            { type: 'REPORT', id: theirs.id },
            { type: 'REPORT', id: mine.id },
          ],
        },
        viewer.key,
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        deleted: [{ type: 'REPORT', id: mine.id }],
        failed: [
          { type: 'REPORT', id: theirs.id, error: { status: 403, message: expect.stringMatching(/manage/) } },
        ],
      });
      expect(await reportRow(server, theirs.id)).not.toBeNull();
    });

    it('moves the good items into one folder and reports each bad one', async () => {
      const target = await createFolder(server, deploymentId, { name: 'bulk target' });
      const moving = await createFolder(server, deploymentId, { name: 'moving folder' });
      const under = await createFolder(server, deploymentId, { name: 'under', parentId: moving.id });
      await createFolder(server, deploymentId, { name: 'clash', parentId: target.id });
      const clashing = await createFolder(server, deploymentId, { name: 'clash' });
      const reports = [];
      for (let index = 0; index < 3; index += 1) {
        reports.push(await insertReport(server, owner, { deploymentId, name: `bulk ${index}` }));
      }
      const workbookId = await insertWorkbook(server, owner, { deploymentId, name: 'bulk book' });
      const foreign = await insertReport(server, owner, { deploymentId: otherDeploymentId, name: 'foreign' });
      const answer = await post(deploymentId, 'bulk-move', {
        folderId: target.id,
        items: [
          ...reports.map((report) => ({ type: 'REPORT', id: report.id })),
          { type: 'WORKBOOK', id: workbookId },
          { type: 'FOLDER', id: moving.id },
          { type: 'FOLDER', id: target.id },
          { type: 'FOLDER', id: clashing.id },
          { type: 'REPORT', id: foreign.id },
          { type: 'WORKBOOK', id: 999999 },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = answer.body as BulkAnswer;
      expect(body.moved).toEqual([
        ...reports.map((report) => ({ type: 'REPORT', id: report.id })),
        { type: 'WORKBOOK', id: workbookId },
        { type: 'FOLDER', id: moving.id },
      ]);
      expect(body.failed.map((failure) => [failure.type, failure.id, failure.error.status])).toEqual([
        ['FOLDER', target.id, 400],
        ['FOLDER', clashing.id, 409],
        ['REPORT', foreign.id, 404],
        ['WORKBOOK', 999999, 404],
      ]);
      for (const report of reports)
        expect((await reportRow(server, report.id))?.publicId).toBe(report.publicId);
      const inTarget = await list(deploymentId, `folderId=${target.id}`);
      expect(labelsOf(inTarget)).toEqual([
        'REPORT:bulk 0',
        'REPORT:bulk 1',
        'REPORT:bulk 2',
        'WORKBOOK:bulk book',
        'FOLDER:clash',
        'FOLDER:moving folder',
      ]);
      const underFolder = await server.request({
        method: 'GET',
        url: `/api/v1/deployments/${deploymentId}/folders/${under.id}`,
      });
      expect((underFolder.body as Folder).folderPath.map((entry) => entry.name)).toEqual([
        'bulk target',
        'moving folder',
      ]);
      expect((await reportRow(server, foreign.id))?.folderId).toBeNull();

      const unknownTarget = await post(deploymentId, 'bulk-move', {
        folderId: 999999,
        items: [{ type: 'REPORT', id: reports[0]?.id }],
      });
      expect(unknownTarget.body).toEqual({
        moved: [],
        failed: [
          { type: 'REPORT', id: reports[0]?.id, error: { status: 404, message: 'folder 999999 not found' } },
        ],
      });
      const byViewer = await post(
        deploymentId,
        'bulk-move',
        { folderId: null, items: [{ type: 'REPORT', id: reports[0]?.id }] },
        viewer.key,
      );
      expect((byViewer.body as BulkAnswer).failed[0]?.error.status).toBe(403);
      expectErrorBody(await post(deploymentId, 'bulk-move', { folderId: null, items: [] }), 'BAD_REQUEST');
      const tooMany = Array.from({ length: 101 }, (_value, index) => ({ type: 'REPORT', id: index + 1 }));
      expectErrorBody(await post(deploymentId, 'bulk-delete', { items: tooMany }), 'BAD_REQUEST');
    });

    it('moves 100 reports in one request, each reported moved', async () => {
      const target = await createFolder(server, deploymentId, { name: 'hundred' });
      const items = [];
      for (let index = 0; index < 100; index += 1) {
        items.push({
          type: 'REPORT',
          id: (await insertReport(server, owner, { deploymentId, name: `r${index}` })).id,
        });
      }
      // Its time is measured by `npm run bench -- workspace`, not asserted here.
      const answer = await post(deploymentId, 'bulk-move', { folderId: target.id, items });
      expect((answer.body as BulkAnswer).moved).toHaveLength(100);
    });
  });
});
