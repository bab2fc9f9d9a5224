import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import { resourcePoliciesTable } from '../../src/modules/workspace/workspace.tables.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  adminOf,
  createDeployment,
  createFolder,
  grantOnFolder,
  insertWorkbook,
  type Owner,
} from './workspace-fixtures.js';

/**
 * A second server process's container on the same PostgreSQL schema and data directory (its secret key),
 * answering requests in-process, as the processes of a cluster do.
 */
async function joinStore(server: TestServer) {
  const config = loadConfig({
    PLATFORM_DATA_DIR: server.dataDirectory,
    PLATFORM_PORT: '0',
    PLATFORM_AI_PORT: '0',
    PLATFORM_DEMO_SCALE: '0.01',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    PLATFORM_DATABASE_SCHEMA: server.config.databaseSchema ?? '',
  });
  const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const container = await createContainer(config, createLogger(config.logLevel, silent), {
    isInMemory: true,
  });
  await container.start({ writeKeyFile: false });
  const app = buildApp(container);
  await app.ready();
  return {
    get: async (url: string, key: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
    },
    async close() {
      await app.close();
      await container.close();
    },
  };
}

/**
 * Each process keeps a deployment's folder tree and resource policies in memory behind version rows that
 * triggers move (content-state-cache.ts): a grant written anywhere must apply to the very next request.
 */
describe.each(storeEngines)('cached resource policies on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let owner: Owner;
  let deploymentId: number;
  let viewer: { userId: number; key: string };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await adminOf(server);
    deploymentId = await createDeployment(server, 'cached-policies');
    viewer = await createUserWithKey(server, 'viewer');
  });
  afterAll(async () => {
    await server?.close();
  });

  const statusOf = async (url: string) =>
    (await server.request({ method: 'GET', url, key: viewer.key })).status;

  it('applies grants written, changed or removed around the API, and grants to a group, at once', async () => {
    const folder = await createFolder(server, deploymentId, { name: 'grants' });
    // A workbook that is not shared is hidden from a viewer unless a policy grants it to them.
    const workbookId = await insertWorkbook(server, owner, {
      deploymentId,
      name: 'private',
      folderId: folder.id,
      isShared: false,
    });
    const url = `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}`;
    expect(await statusOf(url)).toBe(404);
    await grantOnFolder(server, owner, {
      deploymentId,
      folderId: folder.id,
      userId: viewer.userId,
      action: 'view',
    });
    expect(await statusOf(url)).toBe(200);
    const database = server.container.platform.store.database;
    const onFolder = and(
      eq(resourcePoliciesTable.folderId, folder.id),
      eq(resourcePoliciesTable.subjectId, viewer.userId),
    );
    // A changed level applies too: edit lets the viewer rename the workbook.
    const rename = () => server.request({ method: 'PUT', url, body: { name: 'renamed' }, key: viewer.key });
    expect((await rename()).status).toBe(403);
    await database.update(resourcePoliciesTable).set({ action: 'edit' }).where(onFolder);
    expect((await rename()).status).toBe(200);
    await database.delete(resourcePoliciesTable).where(onFolder);
    expect(await statusOf(url)).toBe(404);

    // A grant to a group holds while the viewer is a member (groups are cached apart, by the change feed).
    const group = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name: 'cached' },
    });
    const groupId = (group.body as { id: number }).id;
    const members = `/api/v1/user-groups/${groupId}/users`;
    await server.request({ method: 'POST', url: members, body: { userIds: [viewer.userId] } });
    await database.insert(resourcePoliciesTable).values({
      accountId: owner.accountId,
      deploymentId,
      workbookId,
      subjectType: 'group',
      subjectId: groupId,
      action: 'view',
    });
    expect(await statusOf(url)).toBe(200);
    await server.request({ method: 'DELETE', url: members, body: { userIds: [viewer.userId] } });
    expect(await statusOf(url)).toBe(404);
  });

  it('moves the version when grants go with their item, and deletes a deployment holding grants', async () => {
    const other = await createDeployment(server, 'cached-policies-cascade');
    const folder = await createFolder(server, other, { name: 'going' });
    await grantOnFolder(server, owner, {
      deploymentId: other,
      folderId: folder.id,
      userId: viewer.userId,
      action: 'edit',
    });
    const database = server.container.platform.store.database;
    const versionOf = async () => {
      const result = await database.execute(
        sql`select version::text as version from resource_policy_versions where deployment_id = ${other}`,
      );
      return (result as unknown as { rows: Array<{ version: string }> }).rows[0]?.version ?? null;
    };
    const before = await versionOf();
    expect(before).not.toBeNull();
    const deleted = await server.request({
      method: 'DELETE',
      url: `/api/v1/deployments/${other}/folders/${folder.id}`,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(Number(await versionOf())).toBeGreaterThan(Number(before));
    await grantOnFolder(server, owner, {
      deploymentId: other,
      folderId: (await createFolder(server, other, { name: 'staying' })).id,
      userId: viewer.userId,
      action: 'view',
    });
    const gone = await server.request({ method: 'DELETE', url: `/api/v1/deployments/${other}` });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  });

  it.runIf(engine === 'postgres')(
    'applies a grant made through one process to the next request of another',
    async () => {
      const folder = await createFolder(server, deploymentId, { name: 'two processes' });
      const workbookId = await insertWorkbook(server, owner, {
        deploymentId,
        name: 'private too',
        folderId: folder.id,
        isShared: false,
      });
      const url = `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}`;
      const second = await joinStore(server);
      try {
        // The second process reads (and keeps) the deployment's grants before the change.
        expect((await second.get(url, viewer.key)).status).toBe(404);
        const grant = (action: 'view' | null) =>
          server.request({
            method: 'PUT',
            url: '/api/v1/resource-policies/user',
            body: { resourceType: 'workbook', resourceId: workbookId, userId: viewer.userId, action },
          });
        expect((await grant('view')).status).toBe(200);
        expect((await second.get(url, viewer.key)).status).toBe(200);
        expect((await grant(null)).status).toBe(200);
        expect((await second.get(url, viewer.key)).status).toBe(404);
        // The tree too: a folder renamed through the first process shows in the second's folderPath.
        expect((await second.get(url, server.adminKey)).body).toMatchObject({
          folderPath: [{ id: folder.id, name: 'two processes' }],
        });
        await server.request({
          method: 'PUT',
          url: `/api/v1/deployments/${deploymentId}/folders/${folder.id}`,
          body: { name: 'renamed elsewhere' },
        });
        expect((await second.get(url, server.adminKey)).body).toMatchObject({
          folderPath: [{ id: folder.id, name: 'renamed elsewhere' }],
        });
      } finally {
        await second.close();
      }
    },
  );
});
