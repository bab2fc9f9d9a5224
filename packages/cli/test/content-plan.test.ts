import { describe, expect, it } from 'vitest';
import type { ContentDocuments, ReportDocument } from '../src/content/content-documents.js';
import { planContentPush, summaryOf } from '../src/content/content-plan.js';
import { type ServerContent, type ServerReport, snapshotOf } from '../src/content/content-snapshot.js';

function serverReport(fields: Partial<ServerReport> & Pick<ServerReport, 'id' | 'publicId'>): ServerReport {
  return {
    name: 'Report',
    title: null,
    description: null,
    kind: 'table',
    workbookId: null,
    folderId: null,
    jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
    sqlQuery: null,
    spec: null,
    meta: {},
    preferences: { columnFormats: {} },
    periodComparisons: [],
    fillMissingRows: null,
    ...fields,
  };
}

const server: ServerContent = {
  folders: [
    { id: 3, parentId: 1, name: 'Europe', position: 0 },
    { id: 1, parentId: null, name: 'Sales', position: 2 },
    { id: 2, parentId: null, name: 'archive', position: 2 },
    { id: 4, parentId: 3, name: 'France', position: 0 },
  ],
  workbooks: [
    {
      id: 10,
      slug: 'revenue',
      name: 'Revenue',
      folderId: 3,
      isShared: true,
      meta: { a: 1, b: { c: 2, d: 3 } },
    },
    { id: 11, slug: null, name: 'Scratch', folderId: 4, isShared: false, meta: {} },
  ],
  reports: [
    serverReport({ id: 20, publicId: 'AAAAAAAAAAAA', folderId: 3, workbookId: 10 }),
    serverReport({ id: 21, publicId: 'BBBBBBBBBBBB', workbookId: 11, jsonQuery: null, sqlQuery: 'SELECT 1' }),
  ],
};

/** The documents a pull of `server` writes, deep-copied so a test can edit them. */
function pulled(): ContentDocuments {
  return structuredClone(snapshotOf(server).documents);
}

function reportNamed(documents: ContentDocuments, publicId: string): ReportDocument {
  const report = documents.reports.find((candidate) => candidate.publicId === publicId);
  if (!report) throw new Error(`no report ${publicId}`);
  return report;
}

describe('content documents of a server', () => {
  it('orders sibling folders as the server does and names items by path, slug and publicId', () => {
    const { documents } = snapshotOf(server);
    expect(documents.folders).toEqual([
      { name: 'archive', position: 2, folders: [] },
      {
        name: 'Sales',
        position: 2,
        folders: [{ name: 'Europe', position: 0, folders: [{ name: 'France', position: 0, folders: [] }] }],
      },
    ]);
    expect(documents.workbooks.map((workbook) => [workbook.slug, workbook.folder])).toEqual([
      ['revenue', ['Sales', 'Europe']],
      ['workbook-11', ['Sales', 'Europe', 'France']],
    ]);
    expect(reportNamed(documents, 'AAAAAAAAAAAA')).toMatchObject({
      folder: ['Sales', 'Europe'],
      workbook: 'revenue',
    });
    expect(reportNamed(documents, 'BBBBBBBBBBBB')).toMatchObject({
      folder: [],
      workbook: 'workbook-11',
      preferences: null,
    });
  });
});

describe('planContentPush', () => {
  it('finds nothing to do for what a pull wrote, whatever the key order', () => {
    const wanted = pulled();
    const workbook = wanted.workbooks[0];
    if (workbook) workbook.meta = { b: { d: 3, c: 2 }, a: 1 };
    const report = reportNamed(wanted, 'AAAAAAAAAAAA');
    report.jsonQuery = { dimensions: ['orders.status'], measures: ['orders.count'] };
    report.preferences = { columnFormats: {} };
    const plan = planContentPush(wanted, snapshotOf(server));
    expect(summaryOf(plan)).toEqual({
      folders: { created: 0, updated: 0, unchanged: 4 },
      workbooks: { created: 0, updated: 0, unchanged: 2 },
      reports: { created: 0, updated: 0, unchanged: 2 },
    });
  });

  it('creates new folders parents first and updates a moved position', () => {
    const wanted = pulled();
    const sales = wanted.folders[1];
    if (!sales) throw new Error('no Sales');
    sales.position = 5;
    sales.folders.push({ name: 'Asia', position: 0, folders: [{ name: 'Japan', position: 1, folders: [] }] });
    const plan = planContentPush(wanted, snapshotOf(server));
    expect(plan.folders.filter((step) => step.action !== 'unchanged')).toEqual([
      { kind: 'folder', action: 'update', path: ['Sales'], position: 5, id: 1, changes: ['position'] },
      { kind: 'folder', action: 'create', path: ['Sales', 'Asia'], position: 0, id: null, changes: [] },
      {
        kind: 'folder',
        action: 'create',
        path: ['Sales', 'Asia', 'Japan'],
        position: 1,
        id: null,
        changes: [],
      },
    ]);
  });

  it('upserts a workbook by slug unless meta keys go or it is adopted', () => {
    const wanted = pulled();
    const [revenue, scratch] = wanted.workbooks;
    if (!revenue || !scratch) throw new Error('no workbooks');
    revenue.meta = { a: 2, b: { c: 2, d: 3 } };
    scratch.name = 'Scratch pad';
    wanted.workbooks.push({ slug: 'new-one', name: 'New', folder: [], isShared: true, meta: {} });
    let plan = planContentPush(wanted, snapshotOf(server));
    expect(plan.workbooks.map((step) => [step.slug, step.action, step.method, step.changes])).toEqual([
      ['revenue', 'update', 'upsert', ['meta']],
      // workbook 11 has no slug: the file's `workbook-11` adopts it through the update by id.
      ['workbook-11', 'update', 'update', ['name']],
      ['new-one', 'create', 'upsert', []],
    ]);
    revenue.meta = { a: 1 };
    plan = planContentPush(wanted, snapshotOf(server));
    expect(plan.workbooks[0]).toMatchObject({ action: 'update', method: 'update', changes: ['meta'] });
  });

  it('a workbook-<id> file of a workbook the server does not have creates one with that slug', () => {
    const wanted = pulled();
    const plan = planContentPush(wanted, snapshotOf({ folders: server.folders, workbooks: [], reports: [] }));
    expect(plan.workbooks.map((step) => [step.slug, step.action])).toEqual([
      ['revenue', 'create'],
      ['workbook-11', 'create'],
    ]);
    expect(plan.reports.every((step) => step.action === 'create')).toBe(true);
  });

  it('names the changed fields of a report by path and slug; a report of a workbook has its folder', () => {
    const wanted = pulled();
    const report = reportNamed(wanted, 'BBBBBBBBBBBB');
    report.folder = ['Sales'];
    report.workbook = 'revenue';
    report.sqlQuery = null;
    report.jsonQuery = { measures: ['orders.count'] };
    report.spec = { mark: 'bar' };
    const plan = planContentPush(wanted, snapshotOf(server));
    expect(plan.reports.map((step) => [step.publicId, step.action, step.changes])).toEqual([
      ['AAAAAAAAAAAA', 'unchanged', []],
      ['BBBBBBBBBBBB', 'update', ['workbook', 'jsonQuery', 'sqlQuery', 'spec']],
    ]);
    report.workbook = null;
    expect(planContentPush(wanted, snapshotOf(server)).reports[1]?.changes).toEqual([
      'folder',
      'workbook',
      'jsonQuery',
      'sqlQuery',
      'spec',
    ]);
  });

  it('leaves out what the server has and the files do not: a push never deletes', () => {
    const plan = planContentPush({ folders: [], workbooks: [], reports: [] }, snapshotOf(server));
    expect(plan).toEqual({ folders: [], workbooks: [], reports: [] });
  });
});
