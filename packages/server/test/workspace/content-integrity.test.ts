import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { createReport, type ReportBody, reportsUrl } from './report-helpers.js';
import { createDeployment, createFolder, reportRow } from './workspace-fixtures.js';

interface Workbook {
  id: number;
  folderId: number | null;
  user: { id: number; email: string; name: string | null };
}

/** A report of a workbook lives where its workbook lives, on every path that writes either. */
describe.each(storeEngines)('a report of a workbook follows its workbook on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let base: string;
  let sales: number;
  let finance: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await createDeployment(server, `integrity-${engine}`);
    base = `/api/v1/deployments/${deploymentId}`;
    sales = (await createFolder(server, deploymentId, { name: 'Sales' })).id;
    finance = (await createFolder(server, deploymentId, { name: 'Finance' })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function createWorkbook(body: Record<string, unknown>, key?: string): Promise<Workbook> {
    const answer = await server.request({ method: 'POST', url: `${base}/workbooks`, body, key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Workbook;
  }

  async function folderOfReport(reportId: number): Promise<number | null | undefined> {
    return (await reportRow(server, reportId))?.folderId;
  }

  it('takes the workbook folder on create, and refuses another folder naming the workbook', async () => {
    const workbook = await createWorkbook({ name: 'Pipeline', folderId: sales });
    const report = await createReport(server, deploymentId, { name: 'Deals', workbookId: workbook.id });
    expect(report).toMatchObject({ workbookId: workbook.id, folderId: sales });
    expect(report.folderPath.map((entry) => entry.id)).toEqual([sales]);
    const same = await createReport(server, deploymentId, {
      name: 'Deals again',
      workbookId: workbook.id,
      folderId: sales,
    });
    expect(same.folderId).toBe(sales);
    const elsewhere = await server.request({
      method: 'POST',
      url: reportsUrl(deploymentId),
      body: { name: 'Lost', workbookId: workbook.id, folderId: finance },
    });
    expectErrorBody(elsewhere, 'BAD_REQUEST');
    expect(JSON.stringify(elsewhere.body)).toContain(`workbook ${workbook.id}`);
  });

  it('moves the reports with their workbook: update, upsert by slug, move and bulk move', async () => {
    const workbook = await createWorkbook({ name: 'Moving', slug: 'moving', folderId: sales });
    const report = await createReport(server, deploymentId, { name: 'Rides', workbookId: workbook.id });
    const loose = await createReport(server, deploymentId, { name: 'Loose', folderId: sales });

    const updated = await server.request({
      method: 'PUT',
      url: `${base}/workbooks/${workbook.id}`,
      body: { folderId: finance },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await folderOfReport(report.id)).toBe(finance);
    const read = await server.request({ method: 'GET', url: `${reportsUrl(deploymentId)}/${report.id}` });
    expect(read.body).toMatchObject({ folderId: finance, folderPath: [{ id: finance, name: 'Finance' }] });

    const upserted = await server.request({
      method: 'PUT',
      url: `${base}/workbooks/by-slug/moving`,
      body: { folderId: null },
    });
    expect(upserted.status, JSON.stringify(upserted.body)).toBe(200);
    expect(await folderOfReport(report.id)).toBeNull();

    const moved = await server.request({
      method: 'POST',
      url: `${base}/workspace/move`,
      body: { type: 'WORKBOOK', id: workbook.id, folderId: sales },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await folderOfReport(report.id)).toBe(sales);

    const bulk = await server.request({
      method: 'POST',
      url: `${base}/workspace/bulk-move`,
      body: { items: [{ type: 'WORKBOOK', id: workbook.id }], folderId: finance },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(await folderOfReport(report.id)).toBe(finance);
    // A report outside the workbook stays where it was.
    expect(await folderOfReport(loose.id)).toBe(sales);
  });

  it('refuses moving a report of a workbook on its own, until it leaves the workbook', async () => {
    const workbook = await createWorkbook({ name: 'Anchored', folderId: sales });
    const report = await createReport(server, deploymentId, { name: 'Anchor', workbookId: workbook.id });
    const url = `${reportsUrl(deploymentId)}/${report.id}`;

    const update = await server.request({ method: 'PUT', url, body: { folderId: finance } });
    expectErrorBody(update, 'BAD_REQUEST');
    expect(JSON.stringify(update.body)).toContain(`workbook ${workbook.id}`);
    const upsert = await server.request({
      method: 'PUT',
      url: `${reportsUrl(deploymentId)}/by-public-id/${report.publicId}`,
      body: { folderId: null },
    });
    expectErrorBody(upsert, 'BAD_REQUEST');
    const move = await server.request({
      method: 'POST',
      url: `${base}/workspace/move`,
      body: { type: 'REPORT', id: report.id, folderId: finance },
    });
    expectErrorBody(move, 'BAD_REQUEST');
    const bulk = await server.request({
      method: 'POST',
      url: `${base}/workspace/bulk-move`,
      body: { items: [{ type: 'REPORT', id: report.id }], folderId: finance },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({
      moved: [],
      failed: [{ type: 'REPORT', id: report.id, error: { status: 400 } }],
    });
    expect(await folderOfReport(report.id)).toBe(sales);

    // Taken out of the workbook (and moved in the same request) it goes where it is sent.
    const out = await server.request({ method: 'PUT', url, body: { workbookId: null, folderId: finance } });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ workbookId: null, folderId: finance });

    // Put into a workbook, it joins the workbook's folder.
    const back = await server.request({ method: 'PUT', url, body: { workbookId: workbook.id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ workbookId: workbook.id, folderId: sales });
  });

  it('deletes with a folder what sits in it, and nothing that only sat in a workbook elsewhere', async () => {
    const doomed = (await createFolder(server, deploymentId, { name: 'Doomed' })).id;
    const workbook = await createWorkbook({ name: 'Survivor', folderId: doomed });
    const report = await createReport(server, deploymentId, { name: 'Kept', workbookId: workbook.id });
    await server.request({
      method: 'PUT',
      url: `${base}/workbooks/${workbook.id}`,
      body: { folderId: null },
    });
    const deleted = await server.request({ method: 'DELETE', url: `${base}/folders/${doomed}` });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await reportRow(server, report.id)).toMatchObject({ folderId: null, workbookId: workbook.id });
  });

  it('answers 404, never 5xx, to creates and moves racing a recursive delete of their folder', async () => {
    const racing = (await createFolder(server, deploymentId, { name: 'Racing' })).id;
    const inner = (await createFolder(server, deploymentId, { name: 'Inner', parentId: racing })).id;
    const host = await createWorkbook({ name: 'Host', folderId: inner });
    const movers = await Promise.all([0, 1, 2, 3].map((index) => createWorkbook({ name: `mover${index}` })));
    const moves = movers.map((mover, index) =>
      index % 2 === 0
        ? server.request({ method: 'PUT', url: `${base}/workbooks/${mover.id}`, body: { folderId: inner } })
        : server.request({
            method: 'POST',
            url: `${base}/workspace/move`,
            body: { type: 'WORKBOOK', id: mover.id, folderId: racing },
          }),
    );
    const writes = Array.from({ length: 20 }, (_, index) => {
      const folderId = index % 2 === 0 ? racing : inner;
      switch (index % 4) {
        case 0:
        case 1:
          return server.request({
            method: 'POST',
            url: `${base}/workbooks`,
            body: { name: `w${index}`, folderId },
          });
        case 2:
          return server.request({
            method: 'POST',
            url: reportsUrl(deploymentId),
            body: { name: `r${index}`, folderId },
          });
        default:
          return server.request({
            method: 'POST',
            url: reportsUrl(deploymentId),
            body: { name: `r${index}`, workbookId: host.id },
          });
      }
    });
    const deletion = server.request({ method: 'DELETE', url: `${base}/folders/${racing}?recursive=true` });
    const answers = await Promise.all([...writes, ...moves, deletion]);
    for (const answer of answers) {
      expect([200, 201, 404], JSON.stringify(answer.body)).toContain(answer.status);
    }
    expect(answers.at(-1)?.status).toBe(200);
    const orphans = await server.container.platform.store.database.execute(
      sql.raw(`SELECT 'workbook' AS type, id FROM workbooks WHERE folder_id IS NOT NULL AND folder_id NOT IN (SELECT id FROM content_folders)
       UNION ALL SELECT 'report', id FROM reports WHERE folder_id IS NOT NULL AND folder_id NOT IN (SELECT id FROM content_folders)
       UNION ALL SELECT 'mismatch', reports.id FROM reports JOIN workbooks ON workbooks.id = reports.workbook_id
         WHERE reports.folder_id IS DISTINCT FROM workbooks.folder_id`),
    );
    expect((orphans as unknown as { rows: unknown[] }).rows).toEqual([]);
    const listed = await server.request({ method: 'GET', url: `${base}/workbooks?first=100` });
    const names = (listed.body as { items: Array<{ name: string }> }).items.map((item) => item.name);
    expect(names).not.toContain('Host');
  });

  it("keeps a deleted owner's content readable: shared to everyone, private to admins", async () => {
    const leaving = await createUserWithKey(server, 'developer');
    const colleague = await createUserWithKey(server, 'developer');
    const shared = await createWorkbook({ name: 'Left behind', folderId: sales }, leaving.key);
    const hidden = await createWorkbook({ name: 'Private', isShared: false }, leaving.key);
    const report = await createReport(
      server,
      deploymentId,
      { name: 'Orphan', workbookId: shared.id },
      leaving.key,
    );
    const removed = await server.request({ method: 'DELETE', url: `/api/v1/users/${leaving.userId}` });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const gone = { id: leaving.userId, email: '', name: null };

    const workbook = await server.request({
      method: 'GET',
      url: `${base}/workbooks/${shared.id}`,
      key: colleague.key,
    });
    expect(workbook.status, JSON.stringify(workbook.body)).toBe(200);
    expect(workbook.body).toMatchObject({ user: gone });
    const reportRead = await server.request({
      method: 'GET',
      url: `${reportsUrl(deploymentId)}/${report.id}`,
      key: colleague.key,
    });
    expect(reportRead.status).toBe(200);
    expect(reportRead.body).toMatchObject({ user: gone, canEdit: true, canManage: false });
    const reports = await server.request({
      method: 'GET',
      url: `${reportsUrl(deploymentId)}?workbookId=${shared.id}`,
      key: colleague.key,
    });
    expect(reports.status).toBe(200);
    expect((reports.body as { items: ReportBody[] }).items.map((item) => item.user)).toEqual([gone]);
    const workspace = await server.request({
      method: 'GET',
      url: `${base}/workspace?folderId=${sales}`,
      key: colleague.key,
    });
    expect(workspace.status).toBe(200);

    // Nobody owns the private workbook any more: it is seen by admins (and grant holders) only.
    const hiddenForColleague = await server.request({
      method: 'GET',
      url: `${base}/workbooks/${hidden.id}`,
      key: colleague.key,
    });
    expect(hiddenForColleague.status).toBe(404);
    const listedForAdmin = await server.request({ method: 'GET', url: `${base}/workbooks?first=100` });
    expect(listedForAdmin.status).toBe(200);
    expect((listedForAdmin.body as { items: Workbook[] }).items).toContainEqual(
      expect.objectContaining({ id: hidden.id, user: gone }),
    );
  });
});
