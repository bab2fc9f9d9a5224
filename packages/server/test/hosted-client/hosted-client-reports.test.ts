import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/*
 * The reports rows of the hosted CLI's call catalogue (HOSTED-CLIENT.md), replayed as that CLI sends them:
 * list with limit/page/sortBy/sortDirection (and the filters), get/create/update/delete with
 * `{name, folderId, workbookId, jsonQuery, sqlQuery, …data}`, refresh with no body, connect-workbook with
 * `{externalWorkbookId, resultLocation, endResultCell?}`. The list is read for id, name, publicId,
 * workbookId, user.email and updatedAt.
 */
describe('the hosted CLI, replayed: reports', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let base: string;
  const created: Array<{ id: number; name: string }> = [];

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
    const deployments = await cli.call('GET', '/api/v1/deployments/');
    const demo = listOfAnswer(deployments).find((item) => item.name === 'demo');
    base = `/api/v1/deployments/${demo?.id}/reports`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports create: POST …/reports {name, folderId, workbookId, jsonQuery, sqlQuery, …data}', async () => {
    for (const name of ['Revenue', 'Orders', 'Customers']) {
      const answer = await cli.call('POST', base, {
        body: {
          name,
          folderId: null,
          workbookId: null,
          jsonQuery: { measures: ['orders.count'] },
          sqlQuery: null,
          description: 'made by the hosted CLI',
          kind: 'table',
        },
      });
      expect(answer.status, answer.text).toBe(201);
      created.push(answer.body as { id: number; name: string });
    }
  });

  it('reports list: GET …/reports?limit&page&sortBy&sortDirection, reading id, name, publicId, workbookId, user.email, updatedAt', async () => {
    const first = await cli.call('GET', base, {
      query: [
        ['limit', '2'],
        ['page', '1'],
        ['sortBy', 'name'],
        ['sortDirection', 'asc'],
      ],
    });
    expect(first.status, first.text).toBe(200);
    const items = listOfAnswer(first);
    expect(items.map((item) => item.name)).toEqual(['Customers', 'Orders']);
    for (const item of items) {
      expect(item).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        publicId: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
        workbookId: null,
        user: { email: expect.any(String) },
        updatedAt: expect.any(String),
      });
    }
    const second = await cli.call('GET', base, {
      query: [
        ['limit', '2'],
        ['page', '2'],
        ['sortBy', 'name'],
        ['sortDirection', 'asc'],
      ],
    });
    expect(listOfAnswer(second).map((item) => item.name)).toEqual(['Revenue']);
    const cursor = await cli.call('GET', base, { query: [['first', '1']] });
    const after = (cursor.body as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    const next = await cli.call('GET', base, {
      query: [
        ['first', '1'],
        ['after', after],
      ],
    });
    expect(next.status, next.text).toBe(200);
  });

  it('reports get / update / refresh / connect-workbook / delete', async () => {
    const report = created[0] as { id: number };
    const got = await cli.call('GET', `${base}/${report.id}`);
    expect(got.status, got.text).toBe(200);
    const updated = await cli.call('PUT', `${base}/${report.id}`, {
      body: {
        name: 'Revenue (net)',
        folderId: null,
        workbookId: null,
        jsonQuery: null,
        sqlQuery: 'SELECT MEASURE(count) FROM orders',
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Revenue (net)', versionNumber: 2 });
    const refreshed = await cli.call('PUT', `${base}/${report.id}/refresh`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const connected = await cli.call('PUT', `${base}/${report.id}/connect-workbook`, {
      body: { externalWorkbookId: 'spreadsheet-1', resultLocation: 'Sheet1!A1' },
    });
    expect(connected.status, connected.text).toBe(200);
    const withEnd = await cli.call('PUT', `${base}/${report.id}/connect-workbook`, {
      body: { externalWorkbookId: 'spreadsheet-1', resultLocation: 'Sheet1!A1', endResultCell: 'C10' },
    });
    expect(withEnd.body).toMatchObject({
      externalWorkbookPlacements: [
        { workbookId: 'spreadsheet-1', resultLocation: 'Sheet1!A1', endResultCell: 'C10' },
      ],
    });
    const filtered = await cli.call('GET', base, { query: [['externalWorkbookId', 'spreadsheet-1']] });
    expect(listOfAnswer(filtered).map((item) => item.id)).toEqual([report.id]);
    const deleted = await cli.call('DELETE', `${base}/${report.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await cli.call('GET', `${base}/${report.id}`)).status).toBe(404);
  });
});
