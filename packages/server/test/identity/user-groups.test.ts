import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GroupMembershipsCache,
  userGroupsTopic,
} from '../../src/modules/identity/group-memberships.cache.js';
import { userGroupMembersTable } from '../../src/modules/identity/identity.tables.js';
import { resourcePoliciesTable } from '../../src/modules/workspace/workspace.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { insertFolder } from '../security/account-resources.js';
import { loadUrl, shopModel, shopTables } from '../semantic-api/semantic-api-helpers.js';
import {
  createShopWarehouse,
  type ShopWarehouse,
  warehouseOfEngine,
} from '../semantic-api/shop-warehouse.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface UserGroup {
  id: number;
  name: string;
  description: string | null;
  userCount: number;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/** Only members of `analysts` (or admins) read orders; their rows are limited to completed orders. */
function modelWithGroupPolicy(tablePrefix: string): Record<string, string> {
  const model = shopModel(tablePrefix);
  const orders = model['model/cubes/orders.yml'] ?? '';
  const policies = `    access_policy:
      - group: admin
      - group: analysts
        row_level:
          filters:
            - member: status
              operator: equals
              values: ["completed"]
`;
  return { ...model, 'model/cubes/orders.yml': `${orders}${policies}` };
}

describe.each(storeEngines)('user groups on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let viewer: { userId: number; key: string };
  let developer: { userId: number; key: string };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    viewer = await createUserWithKey(server, 'viewer');
    developer = await createUserWithKey(server, 'developer');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function createGroup(name: string, description?: string): Promise<UserGroup> {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name, ...(description === undefined ? {} : { description }) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as UserGroup;
  }

  it('creates, reads, renames and lists groups with their user counts', async () => {
    const created = await createGroup('finance', 'The finance team');
    expect(created).toMatchObject({ name: 'finance', description: 'The finance team', userCount: 0 });
    const fetched = await server.request({ method: 'GET', url: `/api/v1/user-groups/${created.id}` });
    expect(fetched.body).toMatchObject({ id: created.id, name: 'finance', userCount: 0 });

    const renamed = await server.request({
      method: 'PUT',
      url: `/api/v1/user-groups/${created.id}`,
      body: { name: 'finance-emea' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'finance-emea', description: 'The finance team' });
    const cleared = await server.request({
      method: 'PUT',
      url: `/api/v1/user-groups/${created.id}`,
      body: { description: null },
    });
    expect(cleared.body).toMatchObject({ name: 'finance-emea', description: null });

    // The hosted CLI's call: a trailing slash, reading id, name, userCount and description.
    const listed = await server.request({ method: 'GET', url: '/api/v1/user-groups/?first=100' });
    expect(listed.status).toBe(200);
    const item = (listed.body as Page<UserGroup>).items.find((group) => group.id === created.id);
    expect(item).toEqual(expect.objectContaining({ name: 'finance-emea', userCount: 0, description: null }));
  });

  it('refuses a second group of the same name (409) and a role name (400)', async () => {
    await createGroup('duplicates');
    const again = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name: 'duplicates' },
    });
    expect(errorMessageOf(again, 'CONFLICT')).toContain('duplicates');
    const other = await createGroup('duplicates-2');
    const renamed = await server.request({
      method: 'PUT',
      url: `/api/v1/user-groups/${other.id}`,
      body: { name: 'duplicates' },
    });
    expectErrorBody(renamed, 'CONFLICT');
    for (const name of ['admin', 'Viewer', ' developer ']) {
      const reserved = await server.request({ method: 'POST', url: '/api/v1/user-groups', body: { name } });
      expectErrorBody(reserved, 'BAD_REQUEST', name);
    }
    const empty = await server.request({ method: 'POST', url: '/api/v1/user-groups', body: { name: '  ' } });
    expectErrorBody(empty, 'BAD_REQUEST');
  });

  it('pages the list with first/after and with limit/offset', async () => {
    for (const name of ['page-a', 'page-b', 'page-c']) await createGroup(name);
    const all = (await server.request({ method: 'GET', url: '/api/v1/user-groups?first=100' }))
      .body as Page<UserGroup>;
    const first = (await server.request({ method: 'GET', url: '/api/v1/user-groups?first=2' }))
      .body as Page<UserGroup>;
    expect(first.items).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (
      await server.request({
        method: 'GET',
        url: `/api/v1/user-groups?first=100&after=${first.pageInfo.endCursor}`,
      })
    ).body as Page<UserGroup>;
    expect([...first.items, ...second.items].map((group) => group.id)).toEqual(
      all.items.map((group) => group.id),
    );
    const offset = (await server.request({ method: 'GET', url: '/api/v1/user-groups?limit=1&offset=1' }))
      .body as Page<UserGroup>;
    expect(offset.items.map((group) => group.id)).toEqual([all.items[1]?.id]);
    const searched = (await server.request({ method: 'GET', url: '/api/v1/user-groups?search=PAGE-' }))
      .body as Page<UserGroup>;
    expect(searched.items.map((group) => group.name)).toEqual(['page-a', 'page-b', 'page-c']);
  });

  it('adds and removes members (a DELETE with a body), idempotently, and counts them', async () => {
    const group = await createGroup('members');
    const url = `/api/v1/user-groups/${group.id}/users`;
    const added = await server.request({
      method: 'POST',
      url,
      body: { userIds: [viewer.userId, developer.userId, viewer.userId] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ id: group.id, userCount: 2 });
    const again = await server.request({ method: 'POST', url, body: { userIds: [String(viewer.userId)] } });
    expect(again.body).toMatchObject({ userCount: 2 });
    const members = (await server.request({ method: 'GET', url })).body as Page<{
      id: number;
      email: string;
    }>;
    expect(members.items.map((user) => user.id)).toEqual(
      [viewer.userId, developer.userId].sort((a, b) => a - b),
    );
    const paged = (await server.request({ method: 'GET', url: `${url}?first=1` })).body as Page<{
      id: number;
    }>;
    expect(paged.items).toHaveLength(1);
    expect(paged.pageInfo.hasNextPage).toBe(true);

    const removed = await server.request({ method: 'DELETE', url, body: { userIds: [developer.userId] } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ userCount: 1 });
    const notMember = await server.request({ method: 'DELETE', url, body: { userIds: [developer.userId] } });
    expect(notMember.body).toMatchObject({ userCount: 1 });
    const noBody = await server.request({ method: 'DELETE', url });
    expectErrorBody(noBody, 'BAD_REQUEST');
  });

  it("refuses another account's users in userIds (404) and changes nothing", async () => {
    const other = await createOtherAccount(server);
    const group = await createGroup('strangers');
    const url = `/api/v1/user-groups/${group.id}/users`;
    const added = await server.request({
      method: 'POST',
      url,
      body: { userIds: [viewer.userId, other.adminUserId, 2_000_000] },
    });
    expect(errorMessageOf(added, 'NOT_FOUND')).toBe(`user ${other.adminUserId}, 2000000 not found`);
    expect((added.body as { details: unknown }).details).toEqual({ userIds: [other.adminUserId, 2_000_000] });
    expect(
      (await server.request({ method: 'GET', url: `/api/v1/user-groups/${group.id}` })).body,
    ).toMatchObject({
      userCount: 0,
    });
    // The other account sees none of this account's groups, and their ids are 404 to it.
    const theirs = await server.request({ method: 'GET', url: '/api/v1/user-groups', key: other.adminKey });
    expect((theirs.body as Page<UserGroup>).items).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/v1/user-groups/${group.id}`],
      ['DELETE', `/api/v1/groups/${group.id}`],
      ['GET', url],
    ] as const) {
      expectErrorBody(await server.request({ method, url: path, key: other.adminKey }), 'NOT_FOUND', path);
    }
  });

  it('lets any user read groups, and only UsersManage change them', async () => {
    const group = await createGroup('read-only');
    for (const key of [viewer.key, developer.key]) {
      expect((await server.request({ method: 'GET', url: '/api/v1/user-groups', key })).status).toBe(200);
      expect(
        (await server.request({ method: 'GET', url: `/api/v1/user-groups/${group.id}/users`, key })).status,
      ).toBe(200);
      const writes = [
        { method: 'POST', url: '/api/v1/user-groups', body: { name: 'nope' } },
        { method: 'PUT', url: `/api/v1/user-groups/${group.id}`, body: { name: 'nope' } },
        { method: 'POST', url: `/api/v1/user-groups/${group.id}/users`, body: { userIds: [viewer.userId] } },
        { method: 'DELETE', url: `/api/v1/user-groups/${group.id}` },
      ];
      for (const write of writes)
        expectErrorBody(await server.request({ ...write, key }), 'FORBIDDEN', write.url);
    }
  });

  it('deletes a group by either path, with its memberships and its resource policies', async () => {
    const deploymentId = await demoDeploymentId(server);
    const folderId = await insertFolder(server, deploymentId, { name: 'group deletion' });
    const account = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as {
      account: { id: number };
    };
    for (const path of ['/api/v1/user-groups', '/api/v1/groups']) {
      const group = await createGroup(`deleted-via-${path.split('/').pop()}`);
      await server.request({
        method: 'POST',
        url: `/api/v1/user-groups/${group.id}/users`,
        body: { userIds: [viewer.userId] },
      });
      const granted = await server.request({
        method: 'PUT',
        url: '/api/v1/resource-policies/group',
        body: { resourceType: 'folder', resourceId: folderId, groupId: group.id, action: 'edit' },
      });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      expect(await grantsOf(server, 'group', group.id)).toHaveLength(1);
      const { userGroups } = server.container.services;
      expect(await userGroups.groupIdsOf(account.account.id, viewer.userId)).toContain(group.id);
      const deleted = await server.request({ method: 'DELETE', url: `${path}/${group.id}` });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true });
      expect(await grantsOf(server, 'group', group.id)).toEqual([]);
      expectErrorBody(
        await server.request({ method: 'GET', url: `/api/v1/user-groups/${group.id}` }),
        'NOT_FOUND',
      );
      expectErrorBody(await server.request({ method: 'DELETE', url: `${path}/${group.id}` }), 'NOT_FOUND');
      expect(await userGroups.groupIdsOf(account.account.id, viewer.userId)).not.toContain(group.id);
    }
  });

  it("deletes a user's resource policies with the user", async () => {
    const deploymentId = await demoDeploymentId(server);
    const folderId = await insertFolder(server, deploymentId, { name: 'user deletion' });
    const leaving = await createUserWithKey(server, 'viewer');
    const granted = await server.request({
      method: 'PUT',
      url: '/api/v1/resource-policies/user',
      body: { resourceType: 'folder', resourceId: folderId, userId: leaving.userId, action: 'manage' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(await grantsOf(server, 'user', leaving.userId)).toHaveLength(1);
    expect((await server.request({ method: 'DELETE', url: `/api/v1/users/${leaving.userId}` })).status).toBe(
      200,
    );
    expect(await grantsOf(server, 'user', leaving.userId)).toEqual([]);
  });
});

describe.each(storeEngines)('the cache of group memberships on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let accountId: number;
  let userId: number;
  let groupId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as {
      account: { id: number };
    };
    accountId = me.account.id;
    userId = (await createUserWithKey(server, 'viewer')).userId;
    const group = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name: 'cached' },
    });
    groupId = (group.body as UserGroup).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const database = () => server.container.platform.store.database;
  const join = () => database().insert(userGroupMembersTable).values({ groupId, userId });
  const leave = () =>
    database().delete(userGroupMembersTable).where(eq(userGroupMembersTable.userId, userId));

  it("keeps a user's groups until the account's groups change, in this process and through the feed", async () => {
    const { userGroups } = server.container.services;
    expect(await userGroups.groupNamesOf(accountId, userId)).toEqual([]);
    await join();
    expect(await userGroups.groupNamesOf(accountId, userId), 'cached: a direct write is not seen').toEqual(
      [],
    );
    await server.container.platform.changeFeed.publish(userGroupsTopic(accountId));
    expect(await userGroups.groupNamesOf(accountId, userId)).toEqual(['cached']);
    expect(await userGroups.groupIdsOf(accountId, userId)).toEqual([groupId]);
    // Through the API, the change is published: the next read sees it.
    const removed = await server.request({
      method: 'DELETE',
      url: `/api/v1/user-groups/${groupId}/users`,
      body: { userIds: [userId] },
    });
    expect(removed.status).toBe(200);
    expect(await userGroups.groupNamesOf(accountId, userId)).toEqual([]);
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new GroupMembershipsCache(database(), 60_000);
    await join();
    const reading = cache.of(accountId, userId);
    // The change lands while the read is in flight (the feed delivers synchronously).
    cache.handleChange(userGroupsTopic(accountId));
    expect((await reading).names).toEqual(['cached']);
    await leave();
    expect((await cache.of(accountId, userId)).names, 'the overtaken read was not cached').toEqual([]);
    await join();
    expect((await cache.of(accountId, userId)).names, 'the last read was').toEqual([]);
    cache.handleChange(`user:${userId}`);
    expect((await cache.of(accountId, userId)).names).toEqual(['cached']);
    cache.handleChange('*');
    await leave();
    expect((await cache.of(accountId, userId)).names).toEqual([]);
  });
});

describe.each(storeEngines)('access policies of a model see user groups on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let member: { userId: number; key: string };
  let outsider: { userId: number; key: string };
  let groupId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    shop = await createShopWarehouse(server, warehouseOfEngine(engine), modelWithGroupPolicy);
    member = await createUserWithKey(server, 'viewer');
    outsider = await createUserWithKey(server, 'viewer');
    const group = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name: 'analysts' },
    });
    groupId = (group.body as UserGroup).id;
    await server.request({
      method: 'POST',
      url: `/api/v1/user-groups/${groupId}/users`,
      body: { userIds: [member.userId] },
    });
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  const completed = shopTables.orders.rows.filter((row) => row[2] === 'completed').length;

  async function countWith(key: string) {
    return server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, { measures: ['orders.count'] }),
      key,
    });
  }

  it('applies a policy naming a group to its members through a management key', async () => {
    const answer = await countWith(member.key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { data: unknown[] }).data).toEqual([{ 'orders.count': completed }]);
    const admin = await countWith(server.adminKey);
    expect((admin.body as { data: unknown[] }).data).toEqual([
      { 'orders.count': shopTables.orders.rows.length },
    ]);
  });

  it('sees the same groups for the chat analyst acting for an account user', async () => {
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as {
      account: { id: number };
    };
    const cubesOf = async (userId: number) => {
      const caller = {
        kind: 'chatUser',
        accountId: me.account.id,
        deploymentId: shop.deploymentId,
        identity: { kind: 'internal', userId },
      } as const;
      const meta = await server.container.services.modelMetadata.metadata(caller, shop.deploymentId);
      return meta.cubes.map((cube) => cube.name).sort();
    };
    expect(await cubesOf(member.userId)).toEqual(['customers', 'orders']);
    expect(await cubesOf(outsider.userId)).toEqual(['customers']);
  });

  it('applies none to a user outside the group, and stops applying once the member leaves', async () => {
    expectErrorBody(await countWith(outsider.key), 'FORBIDDEN');
    const removed = await server.request({
      method: 'DELETE',
      url: `/api/v1/user-groups/${groupId}/users`,
      body: { userIds: [member.userId] },
    });
    expect(removed.status).toBe(200);
    expectErrorBody(await countWith(member.key), 'FORBIDDEN');
  });
});

async function demoDeploymentId(server: TestServer): Promise<number> {
  const listed = await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' });
  const demo = (listed.body as Page<{ id: number; name: string }>).items.find((item) => item.name === 'demo');
  if (!demo) throw new Error('no demo deployment');
  return demo.id;
}

async function grantsOf(server: TestServer, subjectType: 'user' | 'group', subjectId: number) {
  const rows = await server.container.platform.store.database
    .select()
    .from(resourcePoliciesTable)
    .where(eq(resourcePoliciesTable.subjectId, subjectId));
  return rows.filter((row) => row.subjectType === subjectType);
}
