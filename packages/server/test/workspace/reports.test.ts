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
  createReport,
  demoDeploymentId,
  grantUser,
  insertFolder,
  insertWorkbook,
  type ReportBody,
  reportsUrl,
} from './report-helpers.js';

const barChart = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  mark: 'bar',
  encoding: {
    x: { field: 'orders.status', type: 'nominal' },
    y: { field: 'orders.count', type: 'quantitative' },
  },
};

const everyField = {
  name: 'Orders by status',
  title: 'Orders, by status',
  description: 'How many orders are in each status.',
  kind: 'vega',
  jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'], limit: 100 },
  spec: barChart,
  meta: { owner: 'sales', tags: ['weekly'] },
  preferences: { columnFormats: { 'orders.count': { type: 'number', decimalPlaces: 0 } } },
  periodComparisons: [
    {
      measure: 'orders.count',
      timeDimension: 'orders.ordered_at',
      offset: { amount: 1, unit: 'year' },
      outputs: ['previous', 'change', 'change_percent'],
    },
  ],
  fillMissingRows: { member: 'orders.ordered_at', excludedDimensions: ['orders.status'] },
};

describe.each(storeEngines)('reports of a deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let url: string;
  let viewer: { userId: number; key: string };
  let developer: { userId: number; key: string };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await demoDeploymentId(server);
    url = reportsUrl(deploymentId);
    viewer = await createUserWithKey(server, 'viewer');
    developer = await createUserWithKey(server, 'developer');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('round-trips every field, owned by the caller, at version 1', async () => {
    const created = await createReport(server, deploymentId, everyField);
    expect(created).toMatchObject({
      ...everyField,
      workbookId: null,
      folderId: null,
      folderPath: [],
      sqlQuery: null,
      externalWorkbookPlacements: [],
      canEdit: true,
      canManage: true,
      user: { id: expect.any(Number), email: expect.any(String) },
      versionNumber: 1,
      lastViewedAt: null,
    });
    expect(created.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    const read = await server.request({ method: 'GET', url: `${url}/${created.id}` });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('keeps a spec sent as JSON text as text, and defaults what is left out', async () => {
    const specText = JSON.stringify(barChart);
    const created = await createReport(server, deploymentId, {
      name: 'Text spec',
      sqlQuery: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1',
      spec: specText,
    });
    expect(created).toMatchObject({
      spec: specText,
      kind: 'table',
      jsonQuery: null,
      title: null,
      description: null,
      meta: {},
      preferences: { columnFormats: {} },
      periodComparisons: [],
      fillMissingRows: null,
    });
  });

  it('adds one to versionNumber on every change, none for a change to nothing, and keeps the rest', async () => {
    const created = await createReport(server, deploymentId, everyField);
    const renamed = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { name: 'Renamed' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ ...everyField, name: 'Renamed', versionNumber: 2 });
    const same = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { name: 'Renamed', meta: { tags: ['weekly'], owner: 'sales' } },
    });
    expect((same.body as ReportBody).versionNumber).toBe(2);
    const toSql = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { sqlQuery: 'SELECT MEASURE(count) FROM orders', title: null },
    });
    expect(toSql.body).toMatchObject({
      sqlQuery: 'SELECT MEASURE(count) FROM orders',
      jsonQuery: null,
      title: null,
      versionNumber: 3,
    });
    expect(Date.parse((toSql.body as ReportBody).updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt),
    );
  });

  it('shows the folder chain of a report in a nested folder, and moves it', async () => {
    const top = await insertFolder(server, deploymentId, 'Sales');
    const inner = await insertFolder(server, deploymentId, 'Weekly', top);
    const created = await createReport(server, deploymentId, { name: 'In a folder', folderId: inner });
    expect(created.folderPath).toEqual([
      { id: top, name: 'Sales' },
      { id: inner, name: 'Weekly' },
    ]);
    const moved = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { folderId: top },
    });
    expect(moved.body).toMatchObject({
      folderId: top,
      folderPath: [{ id: top, name: 'Sales' }],
      versionNumber: 2,
    });
    const missing = await server.request({
      method: 'POST',
      url,
      body: { name: 'Nowhere', folderId: 999_999 },
    });
    expectErrorBody(missing, 'NOT_FOUND');
  });

  it('refuses a spec that is not Vega-Lite, naming the path of the first error', async () => {
    const wrongType = await server.request({
      method: 'POST',
      url,
      body: { name: 'Bad', spec: { ...barChart, encoding: { x: { field: 'a', type: 'nominall' } } } },
    });
    const message = errorMessageOf(wrongType, 'BAD_REQUEST');
    expect(message).toContain('spec.encoding.x.type');
    expect(message).toContain('nominal');
    const wrongMark = await server.request({
      method: 'POST',
      url,
      body: { name: 'Bad', spec: { mark: 'barz' } },
    });
    expect(errorMessageOf(wrongMark, 'BAD_REQUEST')).toMatch(/spec\.mark: must be one of .*bar/);
    const unknown = await server.request({
      method: 'POST',
      url,
      body: { name: 'Bad', spec: { mark: 'bar', colour: 1 } },
    });
    expect(errorMessageOf(unknown, 'BAD_REQUEST')).toContain('spec.colour');
    const notJson = await server.request({ method: 'POST', url, body: { name: 'Bad', spec: '{"mark": ' } });
    expect(errorMessageOf(notJson, 'BAD_REQUEST')).toContain('spec');
    const created = await createReport(server, deploymentId, { name: 'Good spec' });
    const update = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { spec: { mark: 7 } },
    });
    expect(errorMessageOf(update, 'BAD_REQUEST')).toContain('spec.mark');
  });

  it('refuses a spec with data inside, wherever it is', async () => {
    for (const [spec, path] of [
      [{ ...barChart, data: { values: [{ a: 1 }] } }, 'spec.data.values'],
      [{ layer: [{ ...barChart, data: { values: [] } }] }, 'spec.layer.0.data.values'],
      [{ ...barChart, datasets: { mine: [{ a: 1 }] } }, 'spec.datasets'],
      [JSON.stringify({ ...barChart, data: { values: [1] } }), 'spec.data.values'],
    ] as const) {
      const answer = await server.request({ method: 'POST', url, body: { name: 'Inline', spec } });
      const message = errorMessageOf(answer, 'BAD_REQUEST', path);
      expect(message).toContain(path);
      expect(message).toContain('must not hold data');
    }
  });

  it('refuses a query naming a member the model does not have, and both queries at once', async () => {
    const json = await server.request({
      method: 'POST',
      url,
      body: { name: 'Unknown', jsonQuery: { measures: ['orders.no_such_measure'] } },
    });
    expect(errorMessageOf(json, 'BAD_REQUEST')).toContain('no_such_measure');
    const sqlAnswer = await server.request({
      method: 'POST',
      url,
      body: { name: 'Unknown', sqlQuery: 'SELECT no_such_column FROM orders' },
    });
    expect(errorMessageOf(sqlAnswer, 'BAD_REQUEST')).toContain('no_such_column');
    const both = await server.request({
      method: 'POST',
      url,
      body: {
        name: 'Both',
        jsonQuery: { measures: ['orders.count'] },
        sqlQuery: 'SELECT MEASURE(count) FROM orders',
      },
    });
    expect(errorMessageOf(both, 'BAD_REQUEST')).toContain('not both');
    const created = await createReport(server, deploymentId, { name: 'Later bad' });
    const update = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { jsonQuery: { dimensions: ['nowhere.at_all'] } },
    });
    expect(errorMessageOf(update, 'BAD_REQUEST')).toContain('nowhere');
    const refresh = await server.request({ method: 'PUT', url: `${url}/${created.id}/refresh` });
    expect(refresh.status).toBe(200);
  });

  it('lets a viewer read but not create, edit or delete; canEdit and canManage follow the role', async () => {
    const created = await createReport(server, deploymentId, { name: 'Admin owned' });
    const read = await server.request({ method: 'GET', url: `${url}/${created.id}`, key: viewer.key });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ canEdit: false, canManage: false });
    expectErrorBody(
      await server.request({ method: 'POST', url, body: { name: 'x' }, key: viewer.key }),
      'FORBIDDEN',
    );
    expectErrorBody(
      await server.request({
        method: 'PUT',
        url: `${url}/${created.id}`,
        body: { name: 'x' },
        key: viewer.key,
      }),
      'FORBIDDEN',
    );
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${url}/${created.id}`, key: viewer.key }),
      'FORBIDDEN',
    );
    const asDeveloper = await server.request({
      method: 'GET',
      url: `${url}/${created.id}`,
      key: developer.key,
    });
    expect(asDeveloper.body).toMatchObject({ canEdit: true, canManage: false });
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${url}/${created.id}`, key: developer.key }),
      'FORBIDDEN',
    );
    const own = await createReport(server, deploymentId, { name: 'Developer owned' }, developer.key);
    expect(own).toMatchObject({ canEdit: true, canManage: true, user: { id: developer.userId } });
    const deleted = await server.request({ method: 'DELETE', url: `${url}/${own.id}`, key: developer.key });
    expect(deleted.status).toBe(204);
    expectErrorBody(await server.request({ method: 'GET', url: `${url}/${own.id}` }), 'NOT_FOUND');
  });

  it("gives a viewer with edit on a report's folder canEdit, and lets them change it", async () => {
    const folderId = await insertFolder(server, deploymentId, 'Shared with a viewer');
    const created = await createReport(server, deploymentId, { name: 'Policy target', folderId });
    await grantUser(server, deploymentId, { userId: viewer.userId, action: 'edit', folderId });
    const read = await server.request({ method: 'GET', url: `${url}/${created.id}`, key: viewer.key });
    expect(read.body).toMatchObject({ canEdit: true, canManage: false });
    const updated = await server.request({
      method: 'PUT',
      url: `${url}/${created.id}`,
      body: { description: 'edited by a viewer' },
      key: viewer.key,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ description: 'edited by a viewer', versionNumber: 2 });
    const inFolder = await createReport(server, deploymentId, { name: 'Viewer made', folderId }, viewer.key);
    expect(inFolder.user.id).toBe(viewer.userId);
  });

  it("hides a private workbook's reports from a viewer, and needs edit on a workbook to add to it", async () => {
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as { id: number };
    const workbookId = await insertWorkbook(server, deploymentId, {
      name: 'Private',
      ownerUserId: me.id,
      isShared: false,
    });
    const created = await createReport(server, deploymentId, { name: 'In a private workbook', workbookId });
    expect(created.workbookId).toBe(workbookId);
    expectErrorBody(
      await server.request({ method: 'GET', url: `${url}/${created.id}`, key: viewer.key }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'POST', url, body: { name: 'Sneaky', workbookId }, key: developer.key }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({ method: 'POST', url, body: { name: 'x', workbookId: 999_999 } }),
      'NOT_FOUND',
    );
  });

  it("answers another account's admin with 404 for every report operation", async () => {
    const created = await createReport(server, deploymentId, { name: 'Not theirs' });
    const other = await createOtherAccount(server);
    for (const [method, path, body] of [
      ['GET', `${url}/${created.id}`, undefined],
      ['PUT', `${url}/${created.id}`, { name: 'x' }],
      ['DELETE', `${url}/${created.id}`, undefined],
      ['PUT', `${url}/${created.id}/connect-workbook`, { externalWorkbookId: 'x', resultLocation: 'A1' }],
      ['PUT', `${url}/${created.id}/refresh`, undefined],
      ['GET', url, undefined],
      ['POST', url, { name: 'x' }],
      ['PUT', `${url}/by-public-id/${created.publicId}`, { name: 'x' }],
    ] as const) {
      const answer = await server.request({
        method,
        url: path,
        key: other.adminKey,
        ...(body ? { body } : {}),
      });
      expectErrorBody(answer, 'NOT_FOUND', `${method} ${path}`);
    }
    expect((await server.request({ method: 'GET', url: `${url}/${created.id}` })).body).toMatchObject({
      name: 'Not theirs',
    });
  });
});
