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
import {
  createFolder,
  createReport,
  demoDeploymentId,
  grantUser,
  insertWorkbook,
  reportsUrl,
} from './report-helpers.js';

/** Who may do what with a report: roles, ownership, resource policies, private workbooks, accounts. */
describe.each(storeEngines)('rights on reports on %s', (engine: StoreEngine) => {
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
    const folderId = await createFolder(server, deploymentId, 'Shared with a viewer');
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
