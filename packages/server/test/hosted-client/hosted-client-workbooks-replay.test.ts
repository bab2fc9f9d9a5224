import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFoldersTable } from '../../src/modules/workspace/workspace.tables.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/*
 * The hosted CLI's `workbooks` rows of the call catalogue, replayed exactly as that CLI sends them
 * (`Api-Key` scheme, its User-Agent, `Content-Length: 0` on a body-less duplicate), checking the fields
 * it reads. `workbooks publish` and `ai-thread` (and `dashboard` once published) are replayed with the
 * content rows (hosted-client-content-replay.test.ts).
 */
describe('the hosted CLI, replayed: workbooks', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let workbooks: string;
  let folderId: number;
  let workbookId: number;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
    const created = await cli.call('POST', '/build/api/v1/deployments', {
      body: {
        name: 'replayed-workbooks',
        region: 'local',
        cloudProvider: 'cubecloud',
        creationStep: 'project',
      },
    });
    expect(created.status, created.text).toBe(201);
    const deploymentId = (created.body as { id: number }).id;
    workbooks = `/api/v1/deployments/${deploymentId}/workbooks`;
    const me = await cli.call('GET', '/api/v1/users/me');
    const { id: userId, account } = me.body as { id: number; account: { id: number } };
    // Folders have their own rows in the catalogue; one written directly is enough to move into.
    const [folder] = await server.container.platform.store.database
      .insert(contentFoldersTable)
      .values({ accountId: account.id, deploymentId, name: 'Replayed', createdByUserId: userId })
      .returning();
    folderId = (folder as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('workbooks create: POST …/workbooks {name, folderId}', async () => {
    const answer = await cli.call('POST', workbooks, { body: { name: 'Replayed', folderId } });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ id: expect.any(Number), name: 'Replayed', folderId });
    workbookId = (answer.body as { id: number }).id;
  });

  it('workbooks list: GET …/workbooks?folderId&first&after, reading id, name, folderId, user.email, updatedAt', async () => {
    await cli.call('POST', workbooks, { body: { name: 'At the root' } });
    const all = await cli.call('GET', workbooks, { query: [['first', '1']] });
    expect(all.status, all.text).toBe(200);
    const cursor = (all.body as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    const next = await cli.call('GET', workbooks, {
      query: [
        ['first', '1'],
        ['after', cursor],
      ],
    });
    const rows = [...listOfAnswer(all), ...listOfAnswer(next)];
    expect(rows.map((row) => row.name)).toEqual(['Replayed', 'At the root']);
    for (const row of rows) {
      expect(row).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        user: { email: 'admin@localhost' },
        updatedAt: expect.any(String),
      });
      expect(row).toHaveProperty('folderId');
    }
    const inFolder = await cli.call('GET', `${workbooks}/`, { query: [['folderId', String(folderId)]] });
    expect(listOfAnswer(inFolder).map((row) => row.id)).toEqual([workbookId]);
  });

  it('workbooks get: GET …/workbooks/{W}', async () => {
    const answer = await cli.call('GET', `${workbooks}/${workbookId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: workbookId, folderPath: [{ id: folderId, name: 'Replayed' }] });
  });

  it('workbooks update --folder 0: PUT …/workbooks/{W} {name, slug, folderId: null}, and 0 as well', async () => {
    const toRoot = await cli.call('PUT', `${workbooks}/${workbookId}`, {
      body: { name: 'Renamed', slug: 'renamed', folderId: null },
    });
    expect(toRoot.status, toRoot.text).toBe(200);
    expect(toRoot.body).toMatchObject({ name: 'Renamed', slug: 'renamed', folderId: null, folderPath: [] });
    await cli.call('PUT', `${workbooks}/${workbookId}`, { body: { folderId } });
    const zero = await cli.call('PUT', `${workbooks}/${workbookId}`, { body: { folderId: 0 } });
    expect(zero.status, zero.text).toBe(200);
    expect(zero.body).toMatchObject({ folderId: null });
  });

  it('workbooks dashboard: PUT …/workbooks/{W}/dashboard {dashboardDraft}', async () => {
    const draft = { widgets: [{ id: 'w1', type: 'REPORT', config: { reportId: 1 } }] };
    const answer = await cli.call('PUT', `${workbooks}/${workbookId}/dashboard`, {
      body: { dashboardDraft: draft },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ dashboardDraft: draft, dashboardPublished: null });
  });

  it('workbooks duplicate [--shared]: POST …/workbooks/{W}/duplicate with {shared:true} or no body', async () => {
    const bare = await cli.call('POST', `${workbooks}/${workbookId}/duplicate`);
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body).toMatchObject({ name: 'Renamed (copy)', isShared: false, slug: null });
    const shared = await cli.call('POST', `${workbooks}/${workbookId}/duplicate`, { body: { shared: true } });
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body).toMatchObject({ name: 'Renamed (copy)', isShared: true });
  });

  it('workbooks delete: DELETE …/workbooks/{W} with Content-Length: 0', async () => {
    const answer = await cli.call('DELETE', `${workbooks}/${workbookId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect((await cli.call('GET', `${workbooks}/${workbookId}`)).status).toBe(404);
  });
});
