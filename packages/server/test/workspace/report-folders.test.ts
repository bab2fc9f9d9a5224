import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { createFolder, createReport, demoDeploymentId, insertWorkbook } from './report-helpers.js';

interface ReportFoldersPage {
  items: Array<{
    id: number;
    name: string;
    parentId: number | null;
    folderPath: Array<{ id: number; name: string }>;
    reportsCount: number;
  }>;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  data: unknown[];
  count: number;
}

/** `GET .../report-folders`, the hosted CLI's `reports folders` (it reads id, name, reportsCount). */
describe.each(storeEngines)('the report folders list on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let url: string;
  let sales: number;
  let europe: number;
  let empty: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await demoDeploymentId(server);
    url = `/api/v1/deployments/${deploymentId}/report-folders`;
    sales = await createFolder(server, deploymentId, 'Sales');
    europe = await createFolder(server, deploymentId, 'Europe', sales);
    empty = await createFolder(server, deploymentId, 'Empty');
    for (const [name, folderId] of [
      ['one', sales],
      ['two', sales],
      ['three', europe],
    ] as const) {
      await createReport(server, deploymentId, { name, folderId });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (query: string, key?: string) => {
    const answer = await server.request({ method: 'GET', url: `${url}?${query}`, ...(key ? { key } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as ReportFoldersPage;
  };

  it('lists every folder at any depth by id, with the reports directly in each (the hosted call: no query)', async () => {
    const page = await list('');
    expect(page.items.map((folder) => [folder.name, folder.reportsCount])).toEqual([
      ['Sales', 2],
      ['Europe', 1],
      ['Empty', 0],
    ]);
    expect(page.items[1]).toMatchObject({
      id: europe,
      parentId: sales,
      folderPath: [{ id: sales, name: 'Sales' }],
    });
    expect(page.data).toEqual(page.items);
    expect(page.count).toBe(3);
  });

  it('pages by cursor and by offset', async () => {
    const first = await list('first=2');
    expect(first.items.map((folder) => folder.id)).toEqual([sales, europe]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(`first=2&after=${first.pageInfo.endCursor}`);
    expect(second.items.map((folder) => folder.id)).toEqual([empty]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect((await list('offset=2&limit=1')).items.map((folder) => folder.id)).toEqual([empty]);
  });

  it("counts only the reports the caller may see: a personal workbook's reports are not counted for others", async () => {
    const developer = await createUserWithKey(server, 'developer');
    const owner = await createUserWithKey(server, 'developer');
    const personal = await insertWorkbook(server, deploymentId, {
      name: 'personal',
      ownerUserId: owner.userId,
      isShared: false,
      folderId: empty,
    });
    await createReport(server, deploymentId, { name: 'private', workbookId: personal }, owner.key);
    const countIn = (page: ReportFoldersPage) =>
      page.items.find((folder) => folder.id === empty)?.reportsCount;
    expect(countIn(await list('first=100', owner.key))).toBe(1);
    expect(countIn(await list('first=100', developer.key))).toBe(0);
    expect(countIn(await list('first=100'))).toBe(1);
  });

  it("answers another account's caller with 404", async () => {
    const { adminKey } = await createOtherAccount(server);
    expectErrorBody(await server.request({ method: 'GET', url, key: adminKey }), 'NOT_FOUND');
  });
});
