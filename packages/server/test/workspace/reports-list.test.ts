import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPlacementsTable, reportsTable } from '../../src/modules/workspace/workspace.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { createDeployment } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  createFolder,
  createReport,
  demoDeploymentId,
  insertWorkbook,
  listReports,
  type ReportBody,
  reportsUrl,
} from './report-helpers.js';

/** Lists, upserts by publicId and spreadsheet placements, on a deployment of their own. */
describe.each(storeEngines)('the reports list, upserts and placements on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let url: string;
  let folderId: number;
  let workbookId: number;
  const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'];
  const created: ReportBody[] = [];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await demoDeploymentId(server);
    url = reportsUrl(deploymentId);
    folderId = await createFolder(server, deploymentId, 'Listed');
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as { id: number };
    workbookId = await insertWorkbook(server, deploymentId, { name: 'Book', ownerUserId: me.id });
    for (const [index, name] of names.entries()) {
      created.push(
        await createReport(server, deploymentId, {
          name,
          title: index === 4 ? 'Quarterly revenue' : null,
          ...(index % 2 === 0 ? { folderId } : {}),
          ...(index === 1 ? { workbookId } : {}),
        }),
      );
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const ids = (page: { items: ReportBody[] }) => page.items.map((item) => item.id);
  const namesOf = (page: { items: ReportBody[] }) => page.items.map((item) => item.name);

  it('sorts by each key, both ways, with data and count', async () => {
    const byName = await listReports(server, deploymentId, 'sortBy=name&sortDirection=asc');
    expect(namesOf(byName)).toEqual(
      ['Alpha', 'bravo', 'charlie', 'delta', 'echo'].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(byName.data).toEqual(byName.items);
    expect(byName.count).toBe(5);
    const newestFirst = await listReports(server, deploymentId, 'sortBy=createdAt');
    expect(ids(newestFirst)).toEqual(created.map((report) => report.id).reverse());
    const oldestFirst = await listReports(server, deploymentId, 'sortBy=createdAt&sortDirection=asc');
    expect(ids(oldestFirst)).toEqual(created.map((report) => report.id));
    await server.request({
      method: 'PUT',
      url: `${url}/${created[0]?.id}`,
      body: { description: 'touched' },
    });
    const updated = await listReports(server, deploymentId, 'sortBy=updatedAt&sortDirection=desc&first=1');
    expect(ids(updated)).toEqual([created[0]?.id]);
  });

  it('filters by folder, workbook and search (name or title, case-insensitive, wildcards literal)', async () => {
    expect(namesOf(await listReports(server, deploymentId, `folderId=${folderId}&sortBy=name`))).toEqual([
      'charlie',
      'delta',
      'echo',
    ]);
    expect(namesOf(await listReports(server, deploymentId, `workbookId=${workbookId}`))).toEqual(['Alpha']);
    expect(namesOf(await listReports(server, deploymentId, 'search=ALPH'))).toEqual(['Alpha']);
    expect(namesOf(await listReports(server, deploymentId, 'search=revenue'))).toEqual(['echo']);
    for (const filter of ['folderId=999999', 'workbookId=999999']) {
      expectErrorBody(await server.request({ method: 'GET', url: `${url}?${filter}` }), 'NOT_FOUND', filter);
    }
    const none = await listReports(server, deploymentId, 'search=%25');
    expect(none.items).toEqual([]);
    expect(none.count).toBe(0);
  });

  it('pages by cursor without repeating or skipping a row, for every sort that has cursors', async () => {
    for (const [sortBy, direction] of [
      ['name', 'asc'],
      ['name', 'desc'],
      ['createdAt', 'desc'],
      ['updatedAt', 'asc'],
    ] as const) {
      const whole = ids(
        await listReports(server, deploymentId, `sortBy=${sortBy}&sortDirection=${direction}`),
      );
      const seen: number[] = [];
      let after: string | null = null;
      for (let pageNumber = 0; pageNumber < 10; pageNumber += 1) {
        const query: string = `sortBy=${sortBy}&sortDirection=${direction}&first=2${after ? `&after=${after}` : ''}`;
        const page = await listReports(server, deploymentId, query);
        seen.push(...ids(page));
        expect(page.count).toBe(5);
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen, `${sortBy} ${direction}`).toEqual(whole);
    }
    const wrongSort = await listReports(server, deploymentId, 'sortBy=name&first=1');
    const mixed = await server.request({
      method: 'GET',
      url: `${url}?sortBy=createdAt&after=${wrongSort.pageInfo.endCursor}`,
    });
    expectErrorBody(mixed, 'BAD_REQUEST');
    expectErrorBody(
      await server.request({ method: 'GET', url: `${url}?after=bm90LWEtY3Vyc29y` }),
      'BAD_REQUEST',
    );
  });

  it('pages by limit and page, and by limit and offset, as the hosted CLI does', async () => {
    const whole = ids(await listReports(server, deploymentId, 'sortBy=name'));
    const second = await listReports(server, deploymentId, 'sortBy=name&limit=2&page=2');
    expect(ids(second)).toEqual(whole.slice(2, 4));
    expect(second.pageInfo.hasNextPage).toBe(true);
    const last = await listReports(server, deploymentId, 'sortBy=name&limit=2&page=3');
    expect(ids(last)).toEqual(whole.slice(4));
    expect(last.pageInfo.hasNextPage).toBe(false);
    expect(ids(await listReports(server, deploymentId, 'sortBy=name&limit=2&offset=1'))).toEqual(
      whole.slice(1, 3),
    );
    expectErrorBody(await server.request({ method: 'GET', url: `${url}?page=0` }), 'BAD_REQUEST');
  });

  it('sorts by lastViewedAt without cursor paging: after is a 400, hasNextPage false', async () => {
    const viewedAt = new Date('2026-01-02T03:04:05Z');
    await server.container.platform.store.database
      .update(reportsTable)
      .set({ lastViewedAt: viewedAt })
      .where(eq(reportsTable.id, created[2]?.id as number));
    const page = await listReports(server, deploymentId, 'sortBy=lastViewedAt&first=2');
    expect(page.items[0]).toMatchObject({ id: created[2]?.id, lastViewedAt: viewedAt.toISOString() });
    expect(page.items).toHaveLength(2);
    expect(page.pageInfo).toEqual({ endCursor: null, hasNextPage: false });
    const cursor = (await listReports(server, deploymentId, 'first=1')).pageInfo.endCursor;
    const refused = await server.request({
      method: 'GET',
      url: `${url}?sortBy=lastViewedAt&after=${cursor}`,
    });
    expect(errorMessageOf(refused, 'BAD_REQUEST')).toContain('lastViewedAt');
  });

  it('upserts by publicId: creates, then updates, and refuses a malformed one', async () => {
    const publicId = 'Upsert000001';
    const first = await server.request({
      method: 'PUT',
      url: `${url}/by-public-id/${publicId}`,
      body: { name: 'As code', jsonQuery: { measures: ['orders.count'] } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ publicId, name: 'As code', versionNumber: 1 });
    const again = await server.request({
      method: 'PUT',
      url: `${url}/by-public-id/${publicId}`,
      body: { name: 'As code', jsonQuery: { measures: ['orders.count'] } },
    });
    expect(again.body).toMatchObject({ id: (first.body as ReportBody).id, versionNumber: 1 });
    const changed = await server.request({
      method: 'PUT',
      url: `${url}/by-public-id/${publicId}`,
      body: { title: 'Now with a title' },
    });
    expect(changed.body).toMatchObject({
      id: (first.body as ReportBody).id,
      title: 'Now with a title',
      versionNumber: 2,
    });
    for (const bad of ['short', 'has-a-dash-1', 'TooLong00000000', 'spaces%20here']) {
      expectErrorBody(
        await server.request({ method: 'PUT', url: `${url}/by-public-id/${bad}`, body: { name: 'x' } }),
        'BAD_REQUEST',
        bad,
      );
    }
    const nameless = await server.request({
      method: 'PUT',
      url: `${url}/by-public-id/Nameless0001`,
      body: {},
    });
    expect(errorMessageOf(nameless, 'BAD_REQUEST')).toContain('name');
  });

  it('refuses a publicId another deployment of the account uses (409), and a create reusing one', async () => {
    const otherDeploymentId = await createDeployment(server, `reports-other-${engine}`);
    const publicId = 'Elsewhere001';
    const there = await server.request({
      method: 'PUT',
      url: `${reportsUrl(otherDeploymentId)}/by-public-id/${publicId}`,
      body: { name: 'There' },
    });
    expect(there.status, JSON.stringify(there.body)).toBe(200);
    expectErrorBody(
      await server.request({ method: 'PUT', url: `${url}/by-public-id/${publicId}`, body: { name: 'Here' } }),
      'CONFLICT',
    );
    expectErrorBody(
      await server.request({ method: 'POST', url, body: { name: 'Here', publicId } }),
      'CONFLICT',
    );
  });

  it('ends 10 concurrent upserts of one new publicId with one row; losers get a 409 to retry', async () => {
    const publicId = 'Concurrent01';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        server.request({
          method: 'PUT',
          url: `${url}/by-public-id/${publicId}`,
          body: { name: `Racer ${index}` },
        }),
      ),
    );
    for (const answer of answers) {
      if (answer.status !== 200) expectErrorBody(answer, 'upsert_branch_changed');
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const rows = await server.container.platform.store.database
      .select({ id: reportsTable.id })
      .from(reportsTable)
      .where(eq(reportsTable.publicId, publicId));
    expect(rows).toHaveLength(1);
  });

  it('connects a report to spreadsheets with view rights only, lists its placements, filters by them', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const report = created[3] as ReportBody;
    const connect = (body: Record<string, unknown>) =>
      server.request({ method: 'PUT', url: `${url}/${report.id}/connect-workbook`, body, key: viewer.key });
    const first = await connect({ externalWorkbookId: 'sheet-1', resultLocation: 'Sheet1!A1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      id: report.id,
      externalWorkbookPlacements: [
        { workbookId: 'sheet-1', resultLocation: 'Sheet1!A1', endResultCell: null },
      ],
    });
    await connect({ externalWorkbookId: 'sheet-1', resultLocation: 'Sheet1!A1', endResultCell: 'D20' });
    const second = await connect({
      externalWorkbookId: 'sheet-2',
      resultLocation: 'Data!B2',
      endResultCell: 'C9',
    });
    expect((second.body as ReportBody).externalWorkbookPlacements).toEqual([
      { workbookId: 'sheet-1', resultLocation: 'Sheet1!A1', endResultCell: 'D20' },
      { workbookId: 'sheet-2', resultLocation: 'Data!B2', endResultCell: 'C9' },
    ]);
    expect((second.body as ReportBody).versionNumber).toBe(report.versionNumber);
    expect(ids(await listReports(server, deploymentId, 'externalWorkbookId=sheet-2'))).toEqual([report.id]);
    expect((await listReports(server, deploymentId, 'externalWorkbookId=sheet-9')).items).toEqual([]);
    const read = await server.request({ method: 'GET', url: `${url}/${report.id}` });
    expect((read.body as ReportBody).externalWorkbookPlacements).toHaveLength(2);
  });

  it('caps placements per report at 50 (422) and removes them with the report', async () => {
    const report = await createReport(server, deploymentId, { name: 'Many placements' });
    for (let index = 0; index < 50; index += 1) {
      const answer = await server.request({
        method: 'PUT',
        url: `${url}/${report.id}/connect-workbook`,
        body: { externalWorkbookId: 'capped', resultLocation: `A${index + 1}` },
      });
      expect(answer.status).toBe(200);
    }
    const over = await server.request({
      method: 'PUT',
      url: `${url}/${report.id}/connect-workbook`,
      body: { externalWorkbookId: 'capped', resultLocation: 'Z1' },
    });
    expect(errorMessageOf(over, 'UNPROCESSABLE_ENTITY')).toContain('50');
    const again = await server.request({
      method: 'PUT',
      url: `${url}/${report.id}/connect-workbook`,
      body: { externalWorkbookId: 'capped', resultLocation: 'A1', endResultCell: 'B2' },
    });
    expect(again.status, 'updating a placement it has is not a new one').toBe(200);
    expect((await server.request({ method: 'DELETE', url: `${url}/${report.id}` })).status).toBe(204);
    expect((await listReports(server, deploymentId, 'externalWorkbookId=capped')).items).toEqual([]);
    const left = await server.container.platform.store.database
      .select()
      .from(reportPlacementsTable)
      .where(eq(reportPlacementsTable.reportId, report.id));
    expect(left).toEqual([]);
  });
});
