import { describe, expect, it } from 'vitest';
import { ApiClient } from '../src/client/api-client.js';
import type { ContentDocuments } from '../src/content/content-documents.js';
import { planContentPush } from '../src/content/content-plan.js';
import { ContentPush } from '../src/content/content-push.js';
import { type ServerContent, snapshotOf } from '../src/content/content-snapshot.js';
import { type RecordedRequest, recordingFetch } from './support/recording-fetch.js';

const server: ServerContent = {
  folders: [{ id: 1, parentId: null, name: 'Sales', position: 0 }],
  workbooks: [
    { id: 10, slug: 'revenue', name: 'Revenue', folderId: 1, isShared: true, meta: { a: 1, b: 2 } },
    { id: 11, slug: null, name: 'Scratch', folderId: null, isShared: true, meta: {} },
  ],
  reports: [
    {
      id: 20,
      publicId: 'AAAAAAAAAAAA',
      name: 'Old name',
      title: null,
      description: null,
      kind: 'table',
      workbookId: 10,
      folderId: 1,
      jsonQuery: { measures: ['orders.count'] },
      sqlQuery: null,
      spec: { mark: 'bar' },
      meta: {},
      preferences: { columnFormats: {} },
      periodComparisons: [],
      fillMissingRows: null,
    },
  ],
};

function wanted(): ContentDocuments {
  const documents = structuredClone(snapshotOf(server).documents);
  documents.folders[0]?.folders.push({ name: 'Asia', position: 3, folders: [] });
  const [revenue, scratch] = documents.workbooks;
  if (!revenue || !scratch) throw new Error('no workbooks');
  revenue.meta = { a: 1 };
  scratch.name = 'Scratch pad';
  documents.workbooks.push({
    slug: 'fresh',
    name: 'Fresh',
    folder: ['Sales', 'Asia'],
    isShared: false,
    meta: {},
  });
  const report = documents.reports[0];
  if (report) report.name = 'New name';
  documents.reports.push({
    publicId: 'BBBBBBBBBBBB',
    name: 'New',
    title: null,
    description: null,
    kind: 'table',
    folder: ['Sales', 'Asia'],
    workbook: 'fresh',
    jsonQuery: null,
    sqlQuery: 'SELECT 1',
    spec: null,
    meta: {},
    preferences: null,
    periodComparisons: [],
    fillMissingRows: null,
  });
  return documents;
}

function call(request: RecordedRequest): [string, string, unknown] {
  return [request.method, request.url.pathname.replace('/api/v1/deployments/7', ''), request.body];
}

async function pushWith(answer: (request: RecordedRequest) => { status: number; body?: unknown }) {
  const recording = recordingFetch(answer);
  const client = new ApiClient({
    apiUrl: 'http://server.test',
    apiKey: 'sk-test',
    authScheme: null,
    userAgent: 'test',
    fetch: recording.fetch,
  });
  const snapshot = snapshotOf(server);
  const result = await new ContentPush(client, 7, snapshot).run(planContentPush(wanted(), snapshot));
  return { result, requests: recording.requests.map(call) };
}

describe('ContentPush', () => {
  it('sends the changes in order, with ids resolved from paths and slugs, and only the changed fields', async () => {
    const { result, requests } = await pushWith((request) => ({
      status: 200,
      body: { id: request.url.pathname.includes('/by-slug/') ? 500 : 100 },
    }));
    expect(result.failure).toBeNull();
    expect(requests).toEqual([
      ['POST', '/folders', { name: 'Asia', position: 3, parentId: 1 }],
      // A meta key went: the whole meta through the update by id (the upsert would merge it back).
      ['PUT', '/workbooks/10', { slug: 'revenue', meta: { a: 1 } }],
      // No slug on the server: the update by id adopts it.
      ['PUT', '/workbooks/11', { slug: 'workbook-11', name: 'Scratch pad' }],
      ['PUT', '/workbooks/by-slug/fresh', { name: 'Fresh', folderId: 100, isShared: false, meta: {} }],
      ['PUT', '/reports/by-public-id/AAAAAAAAAAAA', { name: 'New name' }],
      [
        'PUT',
        '/reports/by-public-id/BBBBBBBBBBBB',
        {
          name: 'New',
          title: null,
          description: null,
          kind: 'table',
          // In a workbook: the server puts it in the workbook's folder.
          workbookId: 500,
          jsonQuery: null,
          sqlQuery: 'SELECT 1',
          spec: null,
          meta: {},
          preferences: null,
          periodComparisons: [],
          fillMissingRows: null,
        },
      ],
    ]);
    expect(result.done.map((step) => step.action)).toEqual([
      'create',
      'update',
      'update',
      'create',
      'update',
      'create',
    ]);
  });

  it('stops at the first failure, naming the step, and sends nothing after it', async () => {
    const { result, requests } = await pushWith((request) =>
      request.url.pathname.endsWith('/workbooks/11')
        ? { status: 409, body: { code: 'CONFLICT', message: 'slug taken' } }
        : { status: 200, body: { id: 100 } },
    );
    expect(requests).toHaveLength(3);
    expect(result.done.map((step) => step.kind)).toEqual(['folder', 'workbook']);
    expect(result.failure).toMatchObject({ step: { kind: 'workbook', slug: 'workbook-11' } });
    expect(result.failure?.message).toContain('slug taken');
  });
});
