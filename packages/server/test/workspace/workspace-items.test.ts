import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
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
  grantOnFolder,
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

const labelsOf = (page: WorkspacePage) => page.items.map((item) => `${item.type}:${item.name}`);

describe.each(storeEngines)('the workspace on %s', (engine: StoreEngine) => {
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

  describe('listing', () => {
    let deploymentId: number;
    let sales: Folder;
    let privateBookId: number;

    beforeAll(async () => {
      deploymentId = await createDeployment(server, 'workspace-list');
      sales = await createFolder(server, deploymentId, { name: 'sales' });
      await createFolder(server, deploymentId, { name: 'archive' });
      const nested = await createFolder(server, deploymentId, { name: 'emea', parentId: sales.id });
      const bookId = await insertWorkbook(server, owner, {
        deploymentId,
        name: 'Revenue book',
        folderId: sales.id,
      });
      await insertReport(server, owner, { deploymentId, name: 'revenue by month', folderId: sales.id });
      await insertReport(server, owner, { deploymentId, name: 'Costs', folderId: sales.id });
      await insertReport(server, owner, {
        deploymentId,
        name: 'revenue in book',
        workbookId: bookId,
        folderId: sales.id,
      });
      await insertReport(server, owner, { deploymentId, name: 'revenue deep', folderId: nested.id });
      await insertReport(server, owner, { deploymentId, name: 'root report' });
      privateBookId = await insertWorkbook(server, owner, {
        deploymentId,
        name: 'private book',
        isShared: false,
      });
      await insertReport(server, owner, { deploymentId, name: 'private revenue', workbookId: privateBookId });
    });

    it("mixes one folder's folders, workbooks and reports, sorted by name, without a workbook's reports", async () => {
      const page = await list(deploymentId, `folderId=${sales.id}`);
      expect(labelsOf(page)).toEqual([
        'REPORT:Costs',
        'FOLDER:emea',
        'WORKBOOK:Revenue book',
        'REPORT:revenue by month',
      ]);
      expect(page.items.every((item) => item.folderId === sales.id)).toBe(true);
      expect(page.items[0]).toEqual({
        type: 'REPORT',
        id: expect.any(Number),
        name: 'Costs',
        folderId: sales.id,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const root = await list(deploymentId);
      expect(labelsOf(root)).toEqual([
        'FOLDER:archive',
        'WORKBOOK:private book',
        'REPORT:root report',
        'FOLDER:sales',
      ]);
      const descending = await list(deploymentId, `folderId=${sales.id}&orderByDirection=desc`);
      expect(labelsOf(descending)).toEqual([...labelsOf(page)].reverse());
    });

    it('filters by repeated types and searches the whole deployment, or under one folder', async () => {
      const typed = await list(deploymentId, `folderId=${sales.id}&types=FOLDER&types=WORKBOOK`);
      expect(labelsOf(typed)).toEqual(['FOLDER:emea', 'WORKBOOK:Revenue book']);
      expect(labelsOf(await list(deploymentId, `folderId=${sales.id}&types=REPORT`))).toEqual([
        'REPORT:Costs',
        'REPORT:revenue by month',
      ]);
      const everywhere = await list(deploymentId, 'search=REVENUE');
      expect(labelsOf(everywhere)).toEqual([
        'REPORT:private revenue',
        'WORKBOOK:Revenue book',
        'REPORT:revenue by month',
        'REPORT:revenue deep',
        'REPORT:revenue in book',
      ]);
      const underSales = await list(deploymentId, `search=revenue&folderId=${sales.id}&types=REPORT`);
      expect(labelsOf(underSales)).toEqual([
        'REPORT:revenue by month',
        'REPORT:revenue deep',
        'REPORT:revenue in book',
      ]);
      expect((await list(deploymentId, 'search=%25_')).items).toEqual([]);
      expectErrorBody(
        await server.request({
          method: 'GET',
          url: `/api/v1/deployments/${deploymentId}/workspace?types=FILE`,
        }),
        'BAD_REQUEST',
      );
      expectErrorBody(
        await server.request({
          method: 'GET',
          url: `/api/v1/deployments/${deploymentId}/workspace?folderId=999999`,
        }),
        'NOT_FOUND',
      );
    });

    it('orders by updatedAt', async () => {
      const page = await list(
        deploymentId,
        `folderId=${sales.id}&orderByField=updatedAt&orderByDirection=desc`,
      );
      const times = page.items.map((item) => Date.parse(item.updatedAt));
      expect(times).toEqual([...times].sort((left, right) => right - left));
      // The item of the folder written last comes first.
      expect(page.items[0]?.name).toBe('Costs');
    });

    it('leaves private workbooks and their reports out of the shared workspace, and from those who may not see them', async () => {
      const shared = await list(deploymentId, 'search=revenue', undefined, 'shared-workspace');
      expect(labelsOf(shared)).not.toContain('REPORT:private revenue');
      expect(labelsOf(shared)).toContain('REPORT:revenue in book');
      expect(labelsOf(await list(deploymentId, '', undefined, 'shared-workspace'))).not.toContain(
        'WORKBOOK:private book',
      );
      const viewer = await createUserWithKey(server, 'viewer');
      const seen = labelsOf(await list(deploymentId, 'search=revenue', viewer.key));
      expect(seen).not.toContain('REPORT:private revenue');
      expect(labelsOf(await list(deploymentId, '', viewer.key))).not.toContain('WORKBOOK:private book');
      expect(seen).toContain('REPORT:revenue deep');
    });

    it('pages a mixed list by cursor, stable while items are added before and after the cursor', async () => {
      const pagingDeployment = await createDeployment(server, 'workspace-paging');
      const made: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        const name = `item ${String(index * 2).padStart(2, '0')}`;
        made.push(name);
        if (index % 3 === 0) await createFolder(server, pagingDeployment, { name });
        else if (index % 3 === 1)
          await insertWorkbook(server, owner, { deploymentId: pagingDeployment, name });
        else await insertReport(server, owner, { deploymentId: pagingDeployment, name });
      }
      // Two items with one name: the type and the id break the tie.
      await insertReport(server, owner, { deploymentId: pagingDeployment, name: 'item 04' });
      const first = await list(pagingDeployment, 'first=5');
      expect(first.pageInfo.hasNextPage).toBe(true);
      await insertReport(server, owner, { deploymentId: pagingDeployment, name: 'item 01' });
      await insertReport(server, owner, { deploymentId: pagingDeployment, name: 'item 99' });
      const seen = [...first.items];
      let after = first.pageInfo.endCursor;
      while (after) {
        const page = await list(pagingDeployment, `first=5&after=${after}`);
        seen.push(...page.items);
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      }
      const names = seen.map((item) => item.name);
      expect(names).toEqual([...made.slice(0, 3), 'item 04', ...made.slice(3), 'item 99']);
      expect(new Set(seen.map((item) => `${item.type}:${item.id}`)).size).toBe(seen.length);
      const byOffset = await list(pagingDeployment, 'limit=3&offset=2');
      expect(byOffset.items.map((item) => item.name)).toEqual(['item 02', 'item 04', 'item 04']);
      const cursorOfOtherSort = first.pageInfo.endCursor as string;
      expectErrorBody(
        await server.request({
          method: 'GET',
          url: `/api/v1/deployments/${pagingDeployment}/workspace?orderByField=updatedAt&after=${cursorOfOtherSort}`,
        }),
        'BAD_REQUEST',
      );
      const byTime = await list(pagingDeployment, 'orderByField=updatedAt&first=4');
      const next = await list(
        pagingDeployment,
        `orderByField=updatedAt&first=100&after=${byTime.pageInfo.endCursor}`,
      );
      expect(byTime.items.length + next.items.length).toBe(15);
    });
  });

  describe('moving', () => {
    let deploymentId: number;

    beforeAll(async () => {
      deploymentId = await createDeployment(server, 'workspace-move');
    });

    it('moves a report and a workbook, keeping ids and publicIds', async () => {
      const target = await createFolder(server, deploymentId, { name: 'target' });
      const report = await insertReport(server, owner, { deploymentId, name: 'moving report' });
      const workbookId = await insertWorkbook(server, owner, {
        deploymentId,
        name: 'moving book',
        folderId: target.id,
      });
      const moved = await post(deploymentId, 'move', { type: 'REPORT', id: report.id, folderId: target.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({
        type: 'REPORT',
        id: report.id,
        name: 'moving report',
        folderId: target.id,
      });
      expect(await reportRow(server, report.id)).toMatchObject({
        publicId: report.publicId,
        folderId: target.id,
      });
      const toRoot = await post(deploymentId, 'move', { type: 'WORKBOOK', id: workbookId, folderId: null });
      expect(toRoot.body).toMatchObject({ type: 'WORKBOOK', id: workbookId, folderId: null });
      expect((await workbookRow(server, workbookId))?.folderId).toBeNull();
    });

    it('refuses a folder under itself or its descendants, too deep, or onto a sibling name', async () => {
      const top = await createFolder(server, deploymentId, { name: 'top' });
      const child = await createFolder(server, deploymentId, { name: 'child', parentId: top.id });
      const grandchild = await createFolder(server, deploymentId, { name: 'grandchild', parentId: child.id });
      for (const folderId of [top.id, child.id, grandchild.id]) {
        const answer = await post(deploymentId, 'move', { type: 'FOLDER', id: top.id, folderId });
        expect(errorMessageOf(answer, 'BAD_REQUEST')).toMatch(/cannot move into/);
      }
      // A chain 8 deep: moving the 3-level subtree under its 8th level would make 11 levels.
      let parentId: number | null = null;
      for (let level = 1; level <= 8; level += 1) {
        parentId = (await createFolder(server, deploymentId, { name: `chain ${level}`, parentId })).id;
      }
      const tooDeep = await post(deploymentId, 'move', { type: 'FOLDER', id: top.id, folderId: parentId });
      expect(errorMessageOf(tooDeep, 'BAD_REQUEST')).toMatch(/folder too deep/);
      const chain7 = (await list(deploymentId, 'search=chain%207&types=FOLDER')).items[0] as WorkspaceItem;
      const fits = await post(deploymentId, 'move', { type: 'FOLDER', id: top.id, folderId: chain7.id });
      expect(fits.status, JSON.stringify(fits.body)).toBe(200);
      const moved = await server.request({
        method: 'GET',
        url: `/api/v1/deployments/${deploymentId}/folders/${grandchild.id}`,
      });
      expect((moved.body as Folder).folderPath.length).toBe(9);

      await createFolder(server, deploymentId, { name: 'child' });
      const clash = await post(deploymentId, 'move', { type: 'FOLDER', id: child.id, folderId: null });
      expectErrorBody(clash, 'name_taken');
      expectErrorBody(
        await post(deploymentId, 'move', { type: 'FOLDER', id: 999999, folderId: null }),
        'NOT_FOUND',
      );
      expectErrorBody(
        await post(deploymentId, 'move', { type: 'REPORT', id: 999999, folderId: null }),
        'NOT_FOUND',
      );
      expectErrorBody(
        await post(deploymentId, 'move', { type: 'FOLDER', id: child.id, folderId: 999999 }),
        'NOT_FOUND',
      );
      expectErrorBody(await post(deploymentId, 'move', { type: 'FOLDER', id: child.id }), 'BAD_REQUEST');
    });

    it('needs edit on the item and in the target folder', async () => {
      const viewer = await createUserWithKey(server, 'viewer');
      const open = await createFolder(server, deploymentId, { name: 'viewer may edit' });
      const closed = await createFolder(server, deploymentId, { name: 'viewer may not edit' });
      await grantOnFolder(server, owner, {
        deploymentId,
        folderId: open.id,
        userId: viewer.userId,
        action: 'edit',
      });
      const inOpen = await insertReport(server, owner, { deploymentId, name: 'in open', folderId: open.id });
      const inClosed = await insertReport(server, owner, {
        deploymentId,
        name: 'in closed',
        folderId: closed.id,
      });
      const ownedByViewer = await insertReport(server, owner, {
        deploymentId,
        name: 'viewer owns',
        folderId: closed.id,
        ownerUserId: viewer.userId,
      });
      const move = (id: number, folderId: number | null) =>
        post(deploymentId, 'move', { type: 'REPORT', id, folderId }, viewer.key);
      expectErrorBody(await move(inOpen.id, closed.id), 'FORBIDDEN');
      expectErrorBody(await move(inOpen.id, null), 'FORBIDDEN');
      expectErrorBody(await move(inClosed.id, open.id), 'FORBIDDEN');
      expect((await move(ownedByViewer.id, open.id)).status).toBe(200);
      const sub = await createFolder(server, deploymentId, { name: 'sub', parentId: open.id }, viewer.key);
      expect((await move(inOpen.id, sub.id)).status).toBe(200);
      const other = await createOtherAccount(server);
      expectErrorBody(
        await post(deploymentId, 'move', { type: 'REPORT', id: inOpen.id, folderId: null }, other.adminKey),
        'NOT_FOUND',
      );
    });
  });
});
