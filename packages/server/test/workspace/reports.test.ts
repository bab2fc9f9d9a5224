import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModelDeployment,
  startDevMode,
  validCube,
  writeFiles,
} from '../data-model/data-model-helpers.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createFolder,
  createReport,
  demoDeploymentId,
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

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await demoDeploymentId(server);
    url = reportsUrl(deploymentId);
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

  it('keeps the sort priority of an order object (stored as pairs, since jsonb reorders keys)', async () => {
    const created = await createReport(server, deploymentId, {
      name: 'Ordered',
      jsonQuery: {
        measures: ['orders.count'],
        dimensions: ['orders.status'],
        order: { 'orders.status': 'asc', 'orders.count': 'desc' },
      },
    });
    const read = await server.request({ method: 'GET', url: `${url}/${created.id}` });
    expect((read.body as { jsonQuery: { order: unknown } }).jsonQuery.order).toEqual([
      ['orders.status', 'asc'],
      ['orders.count', 'desc'],
    ]);
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
    const top = await createFolder(server, deploymentId, 'Sales');
    const inner = await createFolder(server, deploymentId, 'Weekly', top);
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

  it('refreshes a report against the model the deployment serves now: 400 once its member is gone', async () => {
    const { deploymentId: modelDeploymentId, base } = await createModelDeployment(server);
    const publish = async (content: string) => {
      await startDevMode(server, base);
      expect((await writeFiles(server, base, { 'model/shop.yml': content })).status).toBe(200);
      const merged = await server.request({ method: 'POST', url: `${base}/merge-to-default`, body: {} });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      await server.request({ method: 'DELETE', url: `${base}/dev-mode` });
    };
    await publish(`${validCube('shop')}      - name: total\n        sql: total\n        type: sum\n`);
    const modelUrl = reportsUrl(modelDeploymentId);
    const answer = await server.request({
      method: 'POST',
      url: modelUrl,
      body: { name: 'Totals', jsonQuery: { measures: ['shop.total'] } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const report = answer.body as ReportBody;
    expect(
      (await server.request({ method: 'PUT', url: `${modelUrl}/${report.id}/refresh` })).body,
    ).toMatchObject({
      id: report.id,
      versionNumber: 1,
    });
    await publish(validCube('shop'));
    const refreshed = await server.request({ method: 'PUT', url: `${modelUrl}/${report.id}/refresh` });
    expect(errorMessageOf(refreshed, 'BAD_REQUEST')).toContain('total');
    const renamed = await server.request({
      method: 'PUT',
      url: `${modelUrl}/${report.id}`,
      body: { name: 'Renamed' },
    });
    expect(renamed.status, 'a change that leaves the query alone is not checked against the model').toBe(200);
  });
});
