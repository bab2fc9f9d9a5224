import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reportPlacementsTable,
  reportsTable,
  resourcePoliciesTable,
  workbooksTable,
} from '../../src/modules/workspace/workspace.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createDeployment } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { createFolder } from './workspace-fixtures.js';

interface Workbook {
  id: number;
  name: string;
  slug: string | null;
  folderId: number | null;
  folderPath: Array<{ id: number; name: string }>;
  user: { id: number; email: string; name: string | null };
  meta: Record<string, unknown>;
  isShared: boolean;
  createdAt: string;
  updatedAt: string;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)('workbooks on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let accountId: number;
  let adminUserId: number;
  let base: string;
  let developer: { userId: number; key: string };
  let otherDeveloper: { userId: number; key: string };
  let viewer: { userId: number; key: string };
  let sales: number;
  let emea: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await createDeployment(server, `workbooks-${engine}`);
    base = `/api/v1/deployments/${deploymentId}/workbooks`;
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    adminUserId = (me.body as { id: number }).id;
    developer = await createUserWithKey(server, 'developer', `dev-${engine}@example.com`);
    otherDeveloper = await createUserWithKey(server, 'developer');
    viewer = await createUserWithKey(server, 'viewer');
    accountId = (me.body as { account: { id: number } }).account.id;
    sales = (await createFolder(server, deploymentId, { name: 'Sales' })).id;
    emea = (await createFolder(server, deploymentId, { name: 'EMEA', parentId: sales })).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const database = () => server.container.platform.store.database;

  async function insertReport(workbookId: number, name: string) {
    const [row] = await database()
      .insert(reportsTable)
      .values({
        accountId,
        deploymentId,
        workbookId,
        publicId: `R${Math.random().toString(36).slice(2, 13).padEnd(11, '0')}`.slice(0, 12),
        name,
        kind: 'table',
        jsonQuery: { measures: ['orders.count'] },
        ownerUserId: adminUserId,
        versionNumber: 4,
      })
      .returning();
    return row as typeof reportsTable.$inferSelect;
  }

  async function call(method: string, url: string, body?: unknown, key?: string) {
    return server.request({ method, url, ...(body === undefined ? {} : { body }), ...(key ? { key } : {}) });
  }

  async function create(body: unknown, key?: string): Promise<Workbook> {
    const answer = await call('POST', base, body, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Workbook;
  }

  it('creates, reads, updates and deletes a workbook with its owner and folder path', async () => {
    const created = await create(
      { name: 'Pipeline', folderId: emea, meta: { theme: 'dark' } },
      developer.key,
    );
    expect(created).toMatchObject({
      name: 'Pipeline',
      slug: null,
      folderId: emea,
      folderPath: [
        { id: sales, name: 'Sales' },
        { id: emea, name: 'EMEA' },
      ],
      user: { id: developer.userId, email: `dev-${engine}@example.com` },
      meta: { theme: 'dark' },
      isShared: true,
    });
    const untitled = await create({});
    expect(untitled).toMatchObject({ name: 'Untitled workbook', folderId: null, folderPath: [] });
    const read = await call('GET', `${base}/${created.id}`);
    expect(read.body).toEqual(created);
    const updated = await call('PUT', `${base}/${created.id}`, { name: 'Pipeline 2', slug: ' My-Pipeline ' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Pipeline 2', slug: 'my-pipeline', meta: { theme: 'dark' } });
    const moved = await call('PUT', `${base}/${created.id}`, { folderId: 0 });
    expect(moved.body).toMatchObject({ folderId: null, folderPath: [] });
    const movedBack = await call('PUT', `${base}/${created.id}`, { folderId: sales });
    expect(movedBack.body).toMatchObject({ folderId: sales, folderPath: [{ id: sales, name: 'Sales' }] });
    const toRoot = await call('PUT', `${base}/${created.id}`, { folderId: null });
    expect(toRoot.body).toMatchObject({ folderId: null });
    const clash = await call('PUT', `${base}/${untitled.id}`, { slug: 'my-pipeline' });
    expectErrorBody(clash, 'CONFLICT');
    const report = await insertReport(created.id, 'kept with its workbook');
    const deleted = await call('DELETE', `${base}/${created.id}`);
    expect(deleted.body).toEqual({ success: true });
    expectErrorBody(await call('GET', `${base}/${created.id}`), 'NOT_FOUND');
    const left = await database().select().from(reportsTable).where(eq(reportsTable.id, report.id));
    expect(left).toEqual([]);
  });

  it('lists every workbook of the deployment, or one folder, with cursor and offset paging', async () => {
    const listed = await create({ name: 'Listed', folderId: emea });
    const atRoot = await create({ name: 'At root' });
    const all = (await call('GET', `${base}?first=100`)).body as Page<Workbook>;
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([listed.id, atRoot.id]));
    const inEmea = (await call('GET', `${base}?folderId=${emea}`)).body as Page<Workbook>;
    expect(inEmea.items.map((item) => item.id)).toContain(listed.id);
    expect(inEmea.items.every((item) => item.folderId === emea)).toBe(true);
    const rootOnly = (await call('GET', `${base}?folderId=0&first=100`)).body as Page<Workbook>;
    expect(rootOnly.items.map((item) => item.id)).toContain(atRoot.id);
    expect(rootOnly.items.every((item) => item.folderId === null)).toBe(true);
    const first = (await call('GET', `${base}?first=1`)).body as Page<Workbook>;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await call('GET', `${base}?first=1&after=${first.pageInfo.endCursor}`))
      .body as Page<Workbook>;
    const byOffset = (await call('GET', `${base}?limit=1&offset=1`)).body as Page<Workbook>;
    expect(byOffset.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
    expectErrorBody(await call('GET', `${base}?folderId=999999`), 'NOT_FOUND');
  });

  it('refuses an unknown folder, another deployment and another account with 404', async () => {
    expectErrorBody(await call('POST', base, { folderId: 999999 }), 'NOT_FOUND');
    const workbook = await create({ name: 'Mine' });
    expectErrorBody(await call('PUT', `${base}/${workbook.id}`, { folderId: 999999 }), 'NOT_FOUND');
    const elsewhere = await createDeployment(server, `elsewhere-${engine}`);
    expectErrorBody(
      await call('GET', `/api/v1/deployments/${elsewhere}/workbooks/${workbook.id}`),
      'NOT_FOUND',
    );
    const other = await createOtherAccount(server);
    for (const [method, suffix] of [
      ['GET', `/${workbook.id}`],
      ['PUT', `/${workbook.id}`],
      ['DELETE', `/${workbook.id}`],
      ['GET', ''],
    ] as const) {
      const answer = await call(
        method,
        `${base}${suffix}`,
        method === 'PUT' ? { name: 'x' } : undefined,
        other.adminKey,
      );
      expectErrorBody(answer, 'NOT_FOUND', `${method} ${suffix}`);
    }
  });

  it('upserts by slug: trimmed and lowercased, meta merged key by key, invalid slugs refused', async () => {
    const created = await call('PUT', `${base}/by-slug/%20Weekly-KPIs%20`, {
      meta: { a: 1, nested: { x: 1 } },
      folderId: sales,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      slug: 'weekly-kpis',
      name: 'weekly-kpis',
      folderId: sales,
      meta: { a: 1, nested: { x: 1 } },
    });
    const updated = await call('PUT', `${base}/by-slug/weekly-kpis`, {
      name: 'Weekly KPIs',
      meta: { b: 2, nested: { y: 2 } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      id: (created.body as Workbook).id,
      name: 'Weekly KPIs',
      folderId: sales,
      meta: { a: 1, b: 2, nested: { y: 2 } },
    });
    const bodiless = await call('PUT', `${base}/by-slug/WEEKLY-KPIS`);
    expect(bodiless.status, JSON.stringify(bodiless.body)).toBe(200);
    expect((bodiless.body as Workbook).id).toBe((created.body as Workbook).id);
    for (const slug of ['-leading-dash', 'under_score', 'sp%20ace', '%C3%BC', '%20%20']) {
      expectErrorBody(await call('PUT', `${base}/by-slug/${slug}`, {}), 'BAD_REQUEST', slug);
    }
    expect((await call('PUT', `${base}/by-slug/${'a'.repeat(100)}`, {})).status).toBe(200);
    // Longer than a slug may be: the router refuses any path parameter over 100 characters.
    expectErrorBody(await call('PUT', `${base}/by-slug/${'a'.repeat(101)}`, {}), 'URI_TOO_LONG');
    expectErrorBody(await call('POST', base, { slug: 'Not Valid' }), 'BAD_REQUEST');
  });

  it('writes nothing for an upsert or update that sends what the workbook holds (updatedAt stays)', async () => {
    const body = { name: 'Stable', folderId: sales, meta: { a: 1, nested: { x: 1, y: 2 } }, isShared: true };
    const created = (await call('PUT', `${base}/by-slug/stable`, body)).body as Workbook;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reordered = { ...body, meta: { nested: { y: 2, x: 1 }, a: 1 } };
    const again = await call('PUT', `${base}/by-slug/stable`, reordered);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body as Workbook).updatedAt).toBe(created.updatedAt);
    const same = await call('PUT', `${base}/${created.id}`, { ...reordered, slug: 'stable' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((same.body as Workbook).updatedAt).toBe(created.updatedAt);
    const changed = await call('PUT', `${base}/by-slug/stable`, { meta: { a: 2 } });
    expect((changed.body as Workbook).updatedAt).not.toBe(created.updatedAt);
    expect((changed.body as Workbook).meta).toEqual({ a: 2, nested: { x: 1, y: 2 } });
  });

  it('ends ten concurrent upserts of one new slug with one workbook holding every key', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call('PUT', `${base}/by-slug/raced`, { meta: { [`client${index}`]: index } }),
      ),
    );
    for (const answer of answers) {
      expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    }
    const rows = await database().select().from(workbooksTable).where(eq(workbooksTable.slug, 'raced'));
    expect(rows).toHaveLength(1);
    const succeeded = answers.filter((answer) => answer.status === 200).length;
    expect(Object.keys(rows[0]?.meta ?? {})).toHaveLength(succeeded);
    expect(succeeded).toBeGreaterThan(0);
  });

  it('duplicates a workbook and its reports for the caller, with a body or none', async () => {
    const source = await create({ name: 'Original', folderId: sales, slug: 'original', meta: { k: 'v' } });
    const reports = [await insertReport(source.id, 'first'), await insertReport(source.id, 'second')];
    await database()
      .insert(reportPlacementsTable)
      .values({ reportId: reports[0]?.id as number, externalWorkbookId: 'sheet', resultLocation: 'A1' });
    const copy = await server.request({
      method: 'POST',
      url: `${base}/${source.id}/duplicate`,
      key: developer.key,
      headers: { 'content-length': '0' },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const copied = copy.body as Workbook;
    expect(copied).toMatchObject({
      name: 'Original (copy)',
      slug: null,
      folderId: sales,
      meta: { k: 'v' },
      isShared: false,
      user: { id: developer.userId },
    });
    const copiedReports = await database()
      .select()
      .from(reportsTable)
      .where(eq(reportsTable.workbookId, copied.id));
    expect(copiedReports.map((report) => report.name).sort()).toEqual(['first', 'second']);
    for (const report of copiedReports) {
      expect(reports.map((original) => original.id)).not.toContain(report.id);
      expect(reports.map((original) => original.publicId)).not.toContain(report.publicId);
      expect(report.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
      expect(report).toMatchObject({ versionNumber: 1, ownerUserId: developer.userId, lastViewedAt: null });
    }
    const placements = await database().select().from(reportPlacementsTable);
    expect(
      placements.filter((placement) => copiedReports.some((report) => report.id === placement.reportId)),
    ).toEqual([]);
    const shared = await call('POST', `${base}/${source.id}/duplicate`, { shared: true });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ isShared: true, user: { id: adminUserId } });
    const empty = await call('POST', `${base}/${source.id}/duplicate`, {});
    expect(empty.body).toMatchObject({ isShared: false });
  });

  it('round-trips the dashboard draft through meta.dashboardDraft', async () => {
    const workbook = await create({ name: 'Dashboarded', meta: { keep: true } });
    const draft = { layout: [{ i: 'w1', x: 0, y: 0, w: 6, h: 4 }], widgets: [{ id: 'w1', type: 'REPORT' }] };
    const saved = await call('PUT', `${base}/${workbook.id}/dashboard`, { dashboardDraft: draft });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ dashboardDraft: draft, dashboardPublished: null });
    const read = (await call('GET', `${base}/${workbook.id}`)).body as Workbook;
    expect(read.meta).toEqual({ keep: true, dashboardDraft: draft });
    const cleared = await call('PUT', `${base}/${workbook.id}/dashboard`, { dashboardDraft: null });
    expect(cleared.body).toEqual({ dashboardDraft: null, dashboardPublished: null });
    expect(((await call('GET', `${base}/${workbook.id}`)).body as Workbook).meta).toEqual({ keep: true });
    expectErrorBody(
      await call('PUT', `${base}/${workbook.id}/dashboard`, { dashboardDraft: { w: 1 } }, viewer.key),
      'FORBIDDEN',
    );
  });

  it('applies content rights: viewers read, owners manage, private workbooks stay hidden', async () => {
    expectErrorBody(await call('POST', base, { name: 'not allowed' }, viewer.key), 'FORBIDDEN');
    const shared = await create({ name: 'Shared one' });
    expect((await call('GET', `${base}/${shared.id}`, undefined, viewer.key)).status).toBe(200);
    expectErrorBody(await call('PUT', `${base}/${shared.id}`, { name: 'x' }, viewer.key), 'FORBIDDEN');
    expectErrorBody(await call('DELETE', `${base}/${shared.id}`, undefined, developer.key), 'FORBIDDEN');
    expectErrorBody(
      await call('PUT', `${base}/${shared.id}`, { isShared: false }, developer.key),
      'FORBIDDEN',
    );
    expectErrorBody(await call('POST', `${base}/${shared.id}/duplicate`, undefined, viewer.key), 'FORBIDDEN');

    const hidden = await create({ name: 'Private', isShared: false }, developer.key);
    expectErrorBody(await call('GET', `${base}/${hidden.id}`, undefined, otherDeveloper.key), 'NOT_FOUND');
    const otherList = (await call('GET', `${base}?first=100`, undefined, otherDeveloper.key))
      .body as Page<Workbook>;
    expect(otherList.items.map((item) => item.id)).not.toContain(hidden.id);
    expect((await call('GET', `${base}/${hidden.id}`)).status).toBe(200);
    const ownerList = (await call('GET', `${base}?first=100`, undefined, developer.key))
      .body as Page<Workbook>;
    expect(ownerList.items.map((item) => item.id)).toContain(hidden.id);
    // The owner manages their own workbook: sharing it and deleting it.
    const sharedNow = await call('PUT', `${base}/${hidden.id}`, { isShared: true }, developer.key);
    expect(sharedNow.body).toMatchObject({ isShared: true });
    expect((await call('GET', `${base}/${hidden.id}`, undefined, otherDeveloper.key)).status).toBe(200);

    // A resource policy raises a viewer to edit on one workbook.
    const granted = await create({ name: 'Granted' });
    await database().insert(resourcePoliciesTable).values({
      accountId,
      deploymentId,
      workbookId: granted.id,
      subjectType: 'user',
      subjectId: viewer.userId,
      action: 'edit',
    });
    const edited = await call('PUT', `${base}/${granted.id}`, { name: 'Edited by a viewer' }, viewer.key);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Edited by a viewer' });
    expectErrorBody(await call('DELETE', `${base}/${granted.id}`, undefined, viewer.key), 'FORBIDDEN');
    // Moving needs edit in the target folder too, which the viewer lacks.
    expectErrorBody(await call('PUT', `${base}/${granted.id}`, { folderId: sales }, viewer.key), 'FORBIDDEN');
  });

  it('refuses bad input with 400 and never writes half a change', async () => {
    const workbook = await create({ name: 'Valid' });
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(256) },
      { folderId: -1 },
      { folderId: 'abc' },
      { meta: [1, 2] },
      { isShared: 'yes' },
      { slug: '' },
    ]) {
      expectErrorBody(await call('PUT', `${base}/${workbook.id}`, body), 'BAD_REQUEST', JSON.stringify(body));
    }
    expectErrorBody(
      await call('PUT', `${base}/${workbook.id}/dashboard`, { dashboardDraft: [1] }),
      'BAD_REQUEST',
    );
    expectErrorBody(await call('PUT', `${base}/${workbook.id}/dashboard`, {}), 'BAD_REQUEST');
    expectErrorBody(await call('POST', `${base}/${workbook.id}/duplicate`, { shared: 'yes' }), 'BAD_REQUEST');
    expect(((await call('GET', `${base}/${workbook.id}`)).body as Workbook).name).toBe('Valid');
  });

  it('refuses a merge that would grow meta past 1,000,000 bytes, keeping what was stored', async () => {
    const half = 'x'.repeat(600_000);
    expect((await call('PUT', `${base}/by-slug/growing`, { meta: { first: half } })).status).toBe(200);
    expectErrorBody(await call('PUT', `${base}/by-slug/growing`, { meta: { second: half } }), 'BAD_REQUEST');
    const [row] = await database().select().from(workbooksTable).where(eq(workbooksTable.slug, 'growing'));
    expect(Object.keys(row?.meta ?? {})).toEqual(['first']);
  });
});
