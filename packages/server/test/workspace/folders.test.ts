import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFoldersTable } from '../../src/modules/workspace/workspace.tables.js';
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
  workbookRow,
} from './workspace-fixtures.js';

interface FoldersPage {
  items: Folder[];
  data: Folder[];
  count: number;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)('folders on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let owner: Owner;
  let deploymentId: number;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await adminOf(server);
    deploymentId = await createDeployment(server, 'folders');
    base = `/api/v1/deployments/${deploymentId}/folders`;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string, key?: string) => server.request({ method: 'GET', url, key });

  it('nests folders ten levels deep with their folderPath, and refuses an eleventh level', async () => {
    const chain: Folder[] = [];
    for (let level = 1; level <= 10; level += 1) {
      const folder = await createFolder(server, deploymentId, {
        name: `level ${level}`,
        parentId: chain[chain.length - 1]?.id ?? null,
      });
      expect(folder).toMatchObject({
        name: `level ${level}`,
        parentId: chain[chain.length - 1]?.id ?? null,
        position: 0,
        folderPath: chain.map((above) => ({ id: above.id, name: above.name })),
      });
      chain.push(folder);
    }
    const deepest = chain[9] as Folder;
    const tooDeep = await server.request({
      method: 'POST',
      url: base,
      body: { name: 'level 11', parentId: deepest.id },
    });
    expect(errorMessageOf(tooDeep, 'BAD_REQUEST')).toMatch(/folder too deep/);
    const read = await get(`${base}/${deepest.id}`);
    expect(read.status).toBe(200);
    expect((read.body as Folder).folderPath.map((entry) => entry.name)).toEqual(
      chain.slice(0, 9).map((folder) => folder.name),
    );
    const ancestors = await get(`${base}/${deepest.id}/ancestors`);
    expect(ancestors.status).toBe(200);
    expect(Array.isArray(ancestors.body)).toBe(true);
    expect((ancestors.body as Folder[]).map((folder) => folder.id)).toEqual(
      chain.slice(0, 9).map((folder) => folder.id),
    );
    expect((ancestors.body as Folder[])[1]).toMatchObject({
      id: chain[1]?.id,
      parentId: chain[0]?.id,
      folderPath: [{ id: chain[0]?.id, name: 'level 1' }],
    });
    expect((await get(`${base}/${chain[0]?.id}/ancestors`)).body).toEqual([]);
  });

  it('keeps sibling names unique (409 name_taken) and validates names', async () => {
    const parent = await createFolder(server, deploymentId, { name: 'siblings' });
    const first = await createFolder(server, deploymentId, { name: '  Budget  ', parentId: parent.id });
    expect(first.name).toBe('Budget');
    const clash = await server.request({
      method: 'POST',
      url: base,
      body: { name: 'Budget', parentId: parent.id },
    });
    expectErrorBody(clash, 'name_taken');
    expect((clash.body as { message: string }).message).toMatch(/Budget/);
    // Another parent, or the root, is another place; names differ by case.
    await createFolder(server, deploymentId, { name: 'Budget' });
    await createFolder(server, deploymentId, { name: 'budget', parentId: parent.id });
    const second = await createFolder(server, deploymentId, { name: 'Plans', parentId: parent.id });
    const renamed = await server.request({
      method: 'PUT',
      url: `${base}/${second.id}`,
      body: { name: 'Budget' },
    });
    expectErrorBody(renamed, 'name_taken');
    const rootClash = await server.request({ method: 'POST', url: base, body: { name: 'siblings' } });
    expectErrorBody(rootClash, 'name_taken');
    for (const name of ['', '   ', 'a/b', 'tab\there', 'x'.repeat(256), 'nul\u0000']) {
      const answer = await server.request({ method: 'POST', url: base, body: { name } });
      expectErrorBody(answer, 'BAD_REQUEST', JSON.stringify(name));
    }
    const unknownParent = await server.request({
      method: 'POST',
      url: base,
      body: { name: 'x', parentId: 999999 },
    });
    expectErrorBody(unknownParent, 'NOT_FOUND');
  });

  it('renames and reorders a folder, and changes nothing for an empty update', async () => {
    const folder = await createFolder(server, deploymentId, { name: 'to rename' });
    const updated = await server.request({
      method: 'PUT',
      url: `${base}/${folder.id}`,
      body: { name: 'renamed', position: 5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: folder.id, name: 'renamed', position: 5, parentId: null });
    expect(Date.parse((updated.body as Folder).updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(folder.updatedAt),
    );
    const unchanged = await server.request({ method: 'PUT', url: `${base}/${folder.id}`, body: {} });
    expect(unchanged.body).toEqual(updated.body);
    const moving = await server.request({
      method: 'PUT',
      url: `${base}/${folder.id}`,
      body: { parentId: 1 },
    });
    expectErrorBody(moving, 'BAD_REQUEST');
  });

  it('lists the root, or one folder, by position then name, with cursor paging, data and count', async () => {
    const listDeployment = await createDeployment(server, 'folder-lists');
    const listBase = `/api/v1/deployments/${listDeployment}/folders`;
    const parent = await createFolder(server, listDeployment, { name: 'parent' });
    await createFolder(server, listDeployment, { name: 'other root' });
    const names: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      const name = `child ${String(index).padStart(2, '0')}`;
      names.push(name);
      await createFolder(server, listDeployment, {
        name,
        parentId: parent.id,
        position: index % 3 === 0 ? 1 : 0,
      });
    }
    await createFolder(server, listDeployment, { name: 'grandchild', parentId: (await firstChild()).id });
    async function firstChild(): Promise<Folder> {
      const page = (await get(`${listBase}?parentId=${parent.id}&first=1`)).body as FoldersPage;
      return page.items[0] as Folder;
    }

    const root = (await get(listBase)).body as FoldersPage;
    expect(root.items.map((folder) => folder.name)).toEqual(['other root', 'parent']);
    expect(root.count).toBe(2);

    const expected = [
      ...names.filter((_name, index) => index % 3 !== 0),
      ...names.filter((_name, index) => index % 3 === 0),
    ];
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const query = `parentId=${parent.id}&first=5${after ? `&after=${after}` : ''}`;
      const page = (await get(`${listBase}?${query}`)).body as FoldersPage;
      expect(page.data).toEqual(page.items);
      expect(page.count).toBe(23);
      seen.push(...page.items.map((folder) => folder.name));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);

    const byOffset = (await get(`${listBase}?parentId=${parent.id}&limit=4&offset=2`)).body as FoldersPage;
    expect(byOffset.items.map((folder) => folder.name)).toEqual(expected.slice(2, 6));
    expectErrorBody(await get(`${listBase}?parentId=${parent.id}&after=abc&offset=1`), 'BAD_REQUEST');
    expectErrorBody(await get(`${listBase}?after=bm90LWEtY3Vyc29y`), 'BAD_REQUEST');
    expectErrorBody(await get(`${listBase}?parentId=999999`), 'NOT_FOUND');
  });

  it('refuses to delete a folder that holds anything, unless recursive, which removes all of it', async () => {
    const top = await createFolder(server, deploymentId, { name: 'to delete' });
    const middle = await createFolder(server, deploymentId, { name: 'middle', parentId: top.id });
    const bottom = await createFolder(server, deploymentId, { name: 'bottom', parentId: middle.id });
    const workbookId = await insertWorkbook(server, owner, {
      deploymentId,
      name: 'deep book',
      folderId: bottom.id,
    });
    const inWorkbook = await insertReport(server, owner, { deploymentId, name: 'in book', workbookId });
    const inFolder = await insertReport(server, owner, {
      deploymentId,
      name: 'in folder',
      folderId: middle.id,
    });
    const outside = await insertReport(server, owner, { deploymentId, name: 'outside' });

    expect(
      errorMessageOf(await server.request({ method: 'DELETE', url: `${base}/${top.id}` }), 'BAD_REQUEST'),
    ).toMatch(/recursive/);
    // A folder whose only content is a workbook is not empty either.
    const holder = await createFolder(server, deploymentId, { name: 'holder' });
    await insertWorkbook(server, owner, { deploymentId, name: 'held', folderId: holder.id });
    expectErrorBody(await server.request({ method: 'DELETE', url: `${base}/${holder.id}` }), 'BAD_REQUEST');

    const deleted = await server.request({ method: 'DELETE', url: `${base}/${top.id}?recursive=true` });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    for (const folder of [top, middle, bottom]) {
      expectErrorBody(await get(`${base}/${folder.id}`), 'NOT_FOUND');
    }
    expect(await workbookRow(server, workbookId)).toBeNull();
    expect(await reportRow(server, inWorkbook.id)).toBeNull();
    expect(await reportRow(server, inFolder.id)).toBeNull();
    expect(await reportRow(server, outside.id)).not.toBeNull();

    const empty = await createFolder(server, deploymentId, { name: 'empty' });
    expect((await server.request({ method: 'DELETE', url: `${base}/${empty.id}` })).status).toBe(200);
    expectErrorBody(await server.request({ method: 'DELETE', url: `${base}/${empty.id}` }), 'NOT_FOUND');
  });

  it('gives rights by role and by resource policy, and hides folders from another account', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const developer = await createUserWithKey(server, 'developer');
    const shared = await createFolder(server, deploymentId, { name: 'policy target' });

    expectErrorBody(
      await server.request({ method: 'POST', url: base, body: { name: 'by viewer' }, key: viewer.key }),
      'FORBIDDEN',
    );
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: base,
        body: { name: 'by viewer', parentId: shared.id },
        key: viewer.key,
      }),
      'FORBIDDEN',
    );
    expect((await get(`${base}/${shared.id}`, viewer.key)).status).toBe(200);
    expect((await get(base, viewer.key)).status).toBe(200);

    await grantOnFolder(server, owner, {
      deploymentId,
      folderId: shared.id,
      userId: viewer.userId,
      action: 'edit',
    });
    const inside = await createFolder(
      server,
      deploymentId,
      { name: 'by viewer', parentId: shared.id },
      viewer.key,
    );
    // The policy applies to what the folder holds, not beside it.
    const deeper = await createFolder(
      server,
      deploymentId,
      { name: 'deeper', parentId: inside.id },
      viewer.key,
    );
    expect(deeper.folderPath.map((entry) => entry.id)).toEqual([shared.id, inside.id]);
    expectErrorBody(
      await server.request({ method: 'POST', url: base, body: { name: 'by viewer' }, key: viewer.key }),
      'FORBIDDEN',
    );
    // Edit is not manage: deleting needs manage.
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${base}/${deeper.id}`, key: viewer.key }),
      'FORBIDDEN',
    );

    const byDeveloper = await createFolder(server, deploymentId, { name: 'by developer' }, developer.key);
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${base}/${byDeveloper.id}`, key: developer.key }),
      'FORBIDDEN',
    );
    expect((await server.request({ method: 'DELETE', url: `${base}/${byDeveloper.id}` })).status).toBe(200);

    const other = await createOtherAccount(server);
    for (const url of [base, `${base}/${shared.id}`, `${base}/${shared.id}/ancestors`]) {
      expectErrorBody(await get(url, other.adminKey), 'NOT_FOUND', url);
    }
    expectErrorBody(
      await server.request({ method: 'POST', url: base, body: { name: 'foreign' }, key: other.adminKey }),
      'NOT_FOUND',
    );
    // Another deployment of the same account does not hold this deployment's folders.
    const elsewhere = await createDeployment(server, 'folders-elsewhere');
    expectErrorBody(await get(`/api/v1/deployments/${elsewhere}/folders/${shared.id}`), 'NOT_FOUND');
  });

  it('sees changes to the folder tree however they are written, and deletes a deployment with its folders', async () => {
    const cachedDeployment = await createDeployment(server, 'folder-tree-cache');
    const cachedBase = `/api/v1/deployments/${cachedDeployment}/folders`;
    const top = await createFolder(server, cachedDeployment, { name: 'top' });
    expect((await get(`${cachedBase}/${top.id}`)).status).toBe(200);
    // Written around the API, as a script or another process would: the cached tree must not hide them.
    const database = server.container.platform.store.database;
    const [child] = await database
      .insert(contentFoldersTable)
      .values({
        accountId: owner.accountId,
        deploymentId: cachedDeployment,
        parentId: top.id,
        name: 'written directly',
        createdByUserId: owner.userId,
      })
      .returning();
    const childId = child?.id as number;
    expect((await get(`${cachedBase}/${childId}`)).body).toMatchObject({
      folderPath: [{ id: top.id, name: 'top' }],
    });
    await database
      .update(contentFoldersTable)
      .set({ name: 'renamed top' })
      .where(eq(contentFoldersTable.id, top.id));
    expect((await get(`${cachedBase}/${childId}`)).body).toMatchObject({
      folderPath: [{ id: top.id, name: 'renamed top' }],
    });
    await database.delete(contentFoldersTable).where(eq(contentFoldersTable.id, childId));
    expectErrorBody(await get(`${cachedBase}/${childId}`), 'NOT_FOUND');
    const deleted = await server.request({
      method: 'DELETE',
      url: `/api/v1/deployments/${cachedDeployment}`,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });
});
