import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '../../src/modules/workspace/content-access.service.js';
import {
  contentFoldersTable,
  reportsTable,
  resourcePoliciesTable,
  workbooksTable,
} from '../../src/modules/workspace/workspace.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { createAdminApiKey, createDeployment, insertFolder } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface Policies {
  resourceType: string;
  resourceId: number;
  users: Array<{ userId: number; email: string; name: string | null; action: string }>;
  groups: Array<{ groupId: number; name: string; action: string }>;
}

describe.each(storeEngines)('resource policies on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let accountId: number;
  let viewer: { userId: number; key: string };
  let developer: { userId: number; key: string };
  let other: Awaited<ReturnType<typeof createOtherAccount>>;
  let otherGroupId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await createDeployment(server, 'policies');
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as {
      account: { id: number };
    };
    accountId = me.account.id;
    viewer = await createUserWithKey(server, 'viewer', 'policy-viewer@example.com');
    developer = await createUserWithKey(server, 'developer');
    other = await createOtherAccount(server);
    const otherGroup = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name: 'theirs' },
      key: other.adminKey,
    });
    otherGroupId = (otherGroup.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const database = () => server.container.platform.store.database;

  async function createGroup(name: string, userIds: number[] = []): Promise<number> {
    const group = await server.request({ method: 'POST', url: '/api/v1/user-groups', body: { name } });
    const groupId = (group.body as { id: number }).id;
    if (userIds.length > 0) {
      await server.request({
        method: 'POST',
        url: `/api/v1/user-groups/${groupId}/users`,
        body: { userIds },
      });
    }
    return groupId;
  }

  async function insertWorkbook(
    name: string,
    ownerUserId: number,
    isShared: boolean,
    folderId: number | null = null,
  ) {
    const [row] = await database()
      .insert(workbooksTable)
      .values({ accountId, deploymentId, name, ownerUserId, isShared, folderId })
      .returning();
    return row?.id ?? 0;
  }

  let reportCount = 0;
  async function insertReport(name: string, folderId: number | null, workbookId: number | null = null) {
    reportCount += 1;
    const [row] = await database()
      .insert(reportsTable)
      .values({
        accountId,
        deploymentId,
        name,
        folderId,
        workbookId,
        ownerUserId: developer.userId,
        publicId: `policy${engine.slice(0, 2)}${String(reportCount).padStart(4, '0')}`,
      })
      .returning();
    return row?.id ?? 0;
  }

  function getPolicies(resourceType: string, resourceId: number | string, key?: string) {
    return server.request({
      method: 'GET',
      url: `/api/v1/resource-policies/?resourceType=${resourceType}&resourceId=${resourceId}`,
      ...(key === undefined ? {} : { key }),
    });
  }

  function setPolicy(subject: 'user' | 'group', body: Record<string, unknown>, key?: string) {
    return server.request({
      method: 'PUT',
      url: `/api/v1/resource-policies/${subject}`,
      body,
      ...(key === undefined ? {} : { key }),
    });
  }

  async function policyRowsOn(folderId: number) {
    return database()
      .select()
      .from(resourcePoliciesTable)
      .where(eq(resourcePoliciesTable.folderId, folderId));
  }

  it("sets, replaces and clears a user's and a group's grant, answering the item's grants", async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'shared' });
    const groupId = await createGroup('marketing');
    const empty = await getPolicies('folder', folderId);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toEqual({ resourceType: 'folder', resourceId: folderId, users: [], groups: [] });

    const granted = await setPolicy('user', {
      resourceType: 'folder',
      resourceId: folderId,
      userId: viewer.userId,
      action: 'edit',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((granted.body as Policies).users).toEqual([
      { userId: viewer.userId, email: 'policy-viewer@example.com', name: null, action: 'edit' },
    ]);
    await setPolicy('user', {
      resourceType: 'folder',
      resourceId: folderId,
      userId: viewer.userId,
      action: 'manage',
    });
    await setPolicy('group', { resourceType: 'folder', resourceId: folderId, groupId, action: 'view' });
    const both = (await getPolicies('folder', folderId)).body as Policies;
    expect(both.users.map((user) => user.action)).toEqual(['manage']);
    expect(both.groups).toEqual([{ groupId, name: 'marketing', action: 'view' }]);
    expect(await policyRowsOn(folderId)).toHaveLength(2);

    const clearedUser = await setPolicy('user', {
      resourceType: 'folder',
      resourceId: folderId,
      userId: viewer.userId,
    });
    expect((clearedUser.body as Policies).users).toEqual([]);
    const clearedGroup = await setPolicy('group', {
      resourceType: 'folder',
      resourceId: folderId,
      groupId,
      action: null,
    });
    expect((clearedGroup.body as Policies).groups).toEqual([]);
    expect(await policyRowsOn(folderId)).toEqual([]);
    // Clearing what is not there is no error.
    const again = await setPolicy('group', { resourceType: 'folder', resourceId: folderId, groupId });
    expect(again.status).toBe(200);
  });

  it('takes the hosted forms: upper-case types, ids as strings, the other id as null', async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'hosted forms' });
    const reportId = await insertReport('hosted', folderId);
    const groupId = await createGroup('hosted-forms');
    const byUser = await setPolicy('user', {
      resourceType: 'REPORT',
      resourceId: String(reportId),
      userId: String(viewer.userId),
      groupId: null,
      action: 'VIEW',
    });
    expect(byUser.status, JSON.stringify(byUser.body)).toBe(200);
    expect(byUser.body).toMatchObject({ resourceType: 'report', resourceId: reportId });
    const byGroup = await setPolicy('group', {
      resourceType: 'Report',
      resourceId: reportId,
      groupId,
      userId: null,
      action: 'edit',
    });
    expect(byGroup.status, JSON.stringify(byGroup.body)).toBe(200);
    const read = await getPolicies('REPORT', reportId);
    expect(read.body).toMatchObject({
      users: [{ userId: viewer.userId, action: 'view' }],
      groups: [{ groupId, action: 'edit' }],
    });
  });

  it('refuses unknown types, items, users and groups, and those of another account', async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'refusals' });
    expectErrorBody(await getPolicies('notebook', folderId), 'BAD_REQUEST');
    // A folder's id names no dashboard (ids are per table).
    expectErrorBody(await getPolicies('dashboard', folderId + 1_000_000), 'NOT_FOUND');
    expectErrorBody(await getPolicies('folder', 2_000_000), 'NOT_FOUND');
    expectErrorBody(await getPolicies('workbook', folderId + 1_000_000), 'NOT_FOUND');
    const base = { resourceType: 'folder', resourceId: folderId, action: 'view' };
    expect(
      errorMessageOf(await setPolicy('user', { ...base, userId: other.adminUserId }), 'NOT_FOUND'),
    ).toContain(`user ${other.adminUserId}`);
    expect(
      errorMessageOf(await setPolicy('group', { ...base, groupId: otherGroupId }), 'NOT_FOUND'),
    ).toContain(`user group ${otherGroupId}`);
    expectErrorBody(await setPolicy('user', { ...base, userId: 2_000_000 }), 'NOT_FOUND');
    expectErrorBody(
      await setPolicy('user', { ...base, userId: viewer.userId, action: 'own' }),
      'BAD_REQUEST',
    );
    expectErrorBody(await setPolicy('user', { ...base, groupId: 1 }), 'BAD_REQUEST');
    // Another account's admin finds none of this account's items.
    expectErrorBody(await getPolicies('folder', folderId, other.adminKey), 'NOT_FOUND');
    const theirs = await setPolicy('user', { ...base, userId: other.adminUserId }, other.adminKey);
    expectErrorBody(theirs, 'NOT_FOUND');
    expect(await policyRowsOn(folderId)).toEqual([]);
  });

  it('refuses a key scoped to another deployment (403)', async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'scoped' });
    const elsewhere = await createDeployment(server, 'policies-elsewhere');
    const scoped = await createAdminApiKey(server, { name: 'scoped', deploymentIds: [elsewhere] });
    expectErrorBody(await getPolicies('folder', folderId, scoped.token), 'FORBIDDEN');
    const set = await setPolicy(
      'user',
      { resourceType: 'folder', resourceId: folderId, userId: viewer.userId, action: 'view' },
      scoped.token,
    );
    expectErrorBody(set, 'FORBIDDEN');
  });

  it('needs view to read the grants and manage to change them; a manage grant lets a viewer share', async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'delegated' });
    const subfolderId = await insertFolder(server, deploymentId, { name: 'inside', parentId: folderId });
    const body = {
      resourceType: 'folder',
      resourceId: subfolderId,
      userId: developer.userId,
      action: 'edit',
    };
    expect((await getPolicies('folder', subfolderId, viewer.key)).status).toBe(200);
    expect(errorMessageOf(await setPolicy('user', body, viewer.key), 'FORBIDDEN')).toMatch(/manage/);
    expectErrorBody(await setPolicy('user', body, developer.key), 'FORBIDDEN');
    // Manage on the folder above is manage on the subfolder: the viewer may now grant anything there.
    await setPolicy('user', {
      resourceType: 'folder',
      resourceId: folderId,
      userId: viewer.userId,
      action: 'manage',
    });
    const delegated = await setPolicy('user', { ...body, action: 'manage' }, viewer.key);
    expect(delegated.status, JSON.stringify(delegated.body)).toBe(200);
    // ...but not above the folder they were granted.
    const parentId = await insertFolder(server, deploymentId, { name: 'delegated parent' });
    await database()
      .update(contentFoldersTable)
      .set({ parentId })
      .where(eq(contentFoldersTable.id, folderId));
    const above = await setPolicy('user', { ...body, resourceId: parentId }, viewer.key);
    expectErrorBody(above, 'FORBIDDEN');
  });

  it("hides a private workbook's grants from those who cannot see it (404) and lets its owner share it", async () => {
    const workbookId = await insertWorkbook('private', developer.userId, false);
    const body = { resourceType: 'workbook', resourceId: workbookId, userId: viewer.userId, action: 'view' };
    expectErrorBody(await getPolicies('workbook', workbookId, viewer.key), 'NOT_FOUND');
    expectErrorBody(await setPolicy('user', body, viewer.key), 'NOT_FOUND');
    const shared = await setPolicy('user', body, developer.key);
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect((await getPolicies('workbook', workbookId, viewer.key)).status).toBe(200);
  });

  it("removes an item's grants with the item", async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'deleted with grants' });
    await setPolicy('user', {
      resourceType: 'folder',
      resourceId: folderId,
      userId: viewer.userId,
      action: 'view',
    });
    expect(await policyRowsOn(folderId)).toHaveLength(1);
    await database().delete(contentFoldersTable).where(eq(contentFoldersTable.id, folderId));
    expect(await policyRowsOn(folderId)).toEqual([]);
    const gone = await setPolicy('user', {
      resourceType: 'folder',
      resourceId: folderId,
      userId: viewer.userId,
      action: 'view',
    });
    expectErrorBody(gone, 'NOT_FOUND');
  });

  it('keeps one grant per item and subject when ten clients set it at once', async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'concurrent' });
    const actions = ['view', 'edit', 'manage'];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        setPolicy('user', {
          resourceType: 'folder',
          resourceId: folderId,
          userId: developer.userId,
          action: actions[index % 3],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const rows = await policyRowsOn(folderId);
    expect(rows).toHaveLength(1);
    expect(actions).toContain(rows[0]?.action);
  });

  it('gives a viewer in a group granted edit on a folder edit two folders down, until the grant or group goes', async () => {
    const top = await insertFolder(server, deploymentId, { name: 'scenario' });
    const middle = await insertFolder(server, deploymentId, { name: 'middle', parentId: top });
    const bottom = await insertFolder(server, deploymentId, { name: 'bottom', parentId: middle });
    const reportId = await insertReport('two down', bottom);
    const groupId = await createGroup('editors', [viewer.userId]);
    const report: ContentItem = {
      type: 'report',
      id: reportId,
      folderId: bottom,
      ownerUserId: developer.userId,
      workbook: null,
    };
    const principal = await server.container.services.credentials.authenticate(`Bearer ${viewer.key}`);
    const levelNow = async () =>
      (await server.container.services.contentAccess.scopeOf(principal, deploymentId)).levelOf(report);

    expect(await levelNow()).toBe(1);
    const granted = await setPolicy('group', {
      resourceType: 'folder',
      resourceId: top,
      groupId,
      action: 'edit',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(await levelNow()).toBe(2);
    await setPolicy('group', { resourceType: 'folder', resourceId: top, groupId });
    expect(await levelNow()).toBe(1);

    await setPolicy('group', { resourceType: 'folder', resourceId: top, groupId, action: 'edit' });
    expect(await levelNow()).toBe(2);
    expect(await policyRowsOn(top)).toHaveLength(1);
    expect((await server.request({ method: 'DELETE', url: `/api/v1/groups/${groupId}` })).status).toBe(200);
    expect(await policyRowsOn(top)).toEqual([]);
    expect(await levelNow()).toBe(1);
  });
});
