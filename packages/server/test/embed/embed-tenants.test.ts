import { and, eq, inArray, isNotNull, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatThreadsTable } from '../../src/modules/chat/chat-threads.tables.js';
import { chatUsersTable } from '../../src/modules/chat/chat-users.tables.js';
import {
  embedAccessTable,
  embedGroupMembersTable,
  embedGroupsTable,
  embedSessionsTable,
  embedTenantsTable,
  embedUsersTable,
} from '../../src/modules/embed/embed.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { type EmbedTenantFixture, insertEmbedTenant } from './embed-fixtures.js';
import { generateSession } from './embed-test-support.js';
import { adminAccountId } from './embed-viewer-fixtures.js';

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

interface EmbedTenant {
  name: string;
  displayName: string | null;
  userCount: number;
  createdAt: string;
}

interface EmbedUser {
  externalId: string;
  email: string | null;
  displayName: string | null;
  groups: string[];
  createdAt: string;
  expiresAt: string | null;
}

interface EmbedGroup {
  id: number;
  name: string;
  description: string | null;
  userCount: number;
  createdAt: string;
}

const base = '/api/v1/embed-tenants';

describe.each(storeEngines)('embed tenants, their groups and users on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let accountId: number;
  let deploymentId: number;
  let workbookId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    accountId = await adminAccountId(server);
    deploymentId = await findDeploymentId(server, 'demo');
    const workbook = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workbooks`,
      body: { name: 'embedded' },
    });
    expect(workbook.status, JSON.stringify(workbook.body)).toBe(201);
    workbookId = (workbook.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const database = () => server.container.platform.store.database;

  async function get<Body>(url: string, key?: string): Promise<Body> {
    const answer = await server.request({ method: 'GET', url, ...(key ? { key } : {}) });
    expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body as Body;
  }

  async function tenantNames(query = 'first=100'): Promise<string[]> {
    return (await get<Page<EmbedTenant>>(`${base}?${query}`)).items.map((tenant) => tenant.name);
  }

  /** A tenant of its own for one test, so that tests never depend on each other's rows. */
  function tenant(fixture: EmbedTenantFixture) {
    return insertEmbedTenant(server, fixture);
  }

  /** Expires an ephemeral user now, as time passing would. */
  async function expire(chatUserId: number): Promise<void> {
    await database()
      .update(chatUsersTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(chatUsersTable.id, chatUserId));
  }

  describe('listing', () => {
    it('lists tenants with their display name and how many users they hold, expired ones left out', async () => {
      const { chatUserIds } = await tenant({
        name: 'list-acme',
        displayName: 'Acme Corp',
        users: [
          { externalId: 'l-ann' },
          { externalId: 'l-bob', isEphemeral: false },
          { externalId: 'l-cid' },
        ],
      });
      await tenant({ name: 'list-empty' });
      await expire(chatUserIds.get('l-cid') as number);

      const page = await get<Page<EmbedTenant>>(`${base}?first=100`);
      const acme = page.items.find((item) => item.name === 'list-acme');
      expect(acme).toEqual({
        name: 'list-acme',
        displayName: 'Acme Corp',
        userCount: 2,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(page.items.find((item) => item.name === 'list-empty')).toMatchObject({
        displayName: null,
        userCount: 0,
      });
      // The expired user is gone for good (the chat module's rule: a returning user is a new one).
      const rows = await database()
        .select()
        .from(chatUsersTable)
        .where(eq(chatUsersTable.id, chatUserIds.get('l-cid') as number));
      expect(rows).toEqual([]);
    });

    it('pages with first/after and with limit/offset, and searches names and display names', async () => {
      for (const name of ['page-a', 'page-b', 'page-c']) await tenant({ name, displayName: `Paged ${name}` });
      const all = await tenantNames();
      const paged = all.filter((name) => name.startsWith('page-'));
      expect(paged).toEqual(['page-a', 'page-b', 'page-c']);

      const first = await get<Page<EmbedTenant>>(`${base}?search=page-&first=2`);
      expect(first.items.map((item) => item.name)).toEqual(['page-a', 'page-b']);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = await get<Page<EmbedTenant>>(
        `${base}?search=page-&first=2&after=${first.pageInfo.endCursor}`,
      );
      expect(second.items.map((item) => item.name)).toEqual(['page-c']);
      expect(second.pageInfo.hasNextPage).toBe(false);

      const byOffset = await get<Page<EmbedTenant>>(`${base}?search=page-&limit=1&offset=1`);
      expect(byOffset.items.map((item) => item.name)).toEqual(['page-b']);

      const byDisplayName = await get<Page<EmbedTenant>>(
        `${base}?search=${encodeURIComponent('paged page-c')}`,
      );
      expect(byDisplayName.items.map((item) => item.name)).toEqual(['page-c']);
      // `_` and `%` are literal characters in a search, not patterns.
      expect((await get<Page<EmbedTenant>>(`${base}?search=page_`)).items).toEqual([]);

      const both = await server.request({
        method: 'GET',
        url: `${base}?offset=1&after=${first.pageInfo.endCursor}`,
      });
      expectErrorBody(both, 'BAD_REQUEST');
    });

    it("lists a tenant's users with their groups, kept users without an expiry, expired ones left out", async () => {
      const { chatUserIds } = await tenant({
        name: 'users-acme',
        groups: [{ name: 'finance' }, { name: 'admins' }],
        users: [
          {
            externalId: 'u-ann',
            email: 'ann@acme.example',
            displayName: 'Ann A.',
            isEphemeral: false,
            groups: ['finance', 'admins'],
          },
          { externalId: 'u-bob', email: 'bob@acme.example' },
          { externalId: 'u-cid' },
        ],
      });
      await expire(chatUserIds.get('u-cid') as number);
      const page = await get<Page<EmbedUser>>(`${base}/users-acme/users`);
      expect(page.items).toEqual([
        {
          externalId: 'u-ann',
          email: 'ann@acme.example',
          displayName: 'Ann A.',
          groups: ['admins', 'finance'],
          createdAt: expect.any(String),
          expiresAt: null,
        },
        {
          externalId: 'u-bob',
          email: 'bob@acme.example',
          displayName: null,
          groups: [],
          createdAt: expect.any(String),
          expiresAt: expect.stringMatching(/^\d{4}-/),
        },
      ]);
      const bobExpiry = Date.parse(page.items[1]?.expiresAt ?? '');
      expect(bobExpiry).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

      const first = await get<Page<EmbedUser>>(`${base}/users-acme/users?first=1`);
      expect(first.items.map((user) => user.externalId)).toEqual(['u-ann']);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const next = await get<Page<EmbedUser>>(
        `${base}/users-acme/users?first=1&after=${first.pageInfo.endCursor}`,
      );
      expect(next.items.map((user) => user.externalId)).toEqual(['u-bob']);
      expect(next.pageInfo.hasNextPage).toBe(false);

      expectErrorBody(
        await server.request({ method: 'GET', url: `${base}/no-such-tenant/users` }),
        'NOT_FOUND',
      );
    });
  });

  describe('tenants made by sessions', () => {
    it('lists what generate-session made; deleting it leaves users who moved away and account users be', async () => {
      const me = await get<{ email: string }>('/api/v1/users/me');
      const sessionBase = { deploymentId, embedTenantName: 'by-sessions' };
      for (const body of [
        {
          ...sessionBase,
          externalId: 'S-Ann',
          email: 'ann@by-sessions.example',
          userProfile: { displayName: 'Ann' },
          embedTenantProfile: { displayName: 'By Sessions Inc.' },
          tenantGroupDefinitions: [{ name: 'finance', description: 'Finance team' }, { name: 'sales' }],
          tenantGroups: ['finance', 'sales'],
          isEphemeral: false,
        },
        { ...sessionBase, externalId: 's-bob', tenantGroups: ['sales'] },
        { ...sessionBase, externalId: 's-cid', tenantGroups: ['finance'] },
        // s-dan was a user of the tenant, then the host placed them in another one.
        { ...sessionBase, externalId: 's-dan', tenantGroups: ['finance'] },
        { deploymentId, externalId: 's-dan', embedTenantName: 'by-sessions-moved' },
        // An account user, in no tenant, with a chat user of their own.
        { deploymentId, internalId: me.email },
      ]) {
        const session = await generateSession(server, body);
        expect(session.status, JSON.stringify(session.body)).toBe(200);
      }
      const tenants = await get<Page<EmbedTenant>>(`${base}?search=by-sessions`);
      expect(tenants.items).toMatchObject([
        { name: 'by-sessions', displayName: 'By Sessions Inc.', userCount: 3 },
        { name: 'by-sessions-moved', displayName: null, userCount: 1 },
      ]);
      const users = await get<Page<EmbedUser>>(`${base}/by-sessions/users`);
      expect(users.items).toEqual([
        expect.objectContaining({
          externalId: 's-ann',
          email: 'ann@by-sessions.example',
          displayName: 'Ann',
          groups: ['finance', 'sales'],
          expiresAt: null,
        }),
        expect.objectContaining({ externalId: 's-bob', groups: ['sales'], expiresAt: expect.any(String) }),
        expect.objectContaining({ externalId: 's-cid', groups: ['finance'] }),
      ]);
      const groups = await get<Page<EmbedGroup>>(`${base}/by-sessions/groups`);
      expect(groups.items.map((group) => [group.name, group.description, group.userCount])).toEqual([
        ['finance', 'Finance team', 2],
        ['sales', null, 2],
      ]);
      // The groups API and sessions name the same groups: a member removed here is out of the group.
      const sales = groups.items.find((group) => group.name === 'sales');
      const removed = await server.request({
        method: 'DELETE',
        url: `${base}/by-sessions/groups/${sales?.id}/users`,
        body: { externalIds: ['s-bob'] },
      });
      expect(removed.body).toMatchObject({ userCount: 1 });

      const deleted = await server.request({ method: 'DELETE', url: `${base}/by-sessions` });
      expect(deleted.status).toBe(204);
      const left = await database()
        .select({ externalId: chatUsersTable.externalId, internalId: chatUsersTable.internalId })
        .from(chatUsersTable)
        .where(eq(chatUsersTable.accountId, accountId));
      expect(left).toContainEqual({ externalId: null, internalId: me.email.toLowerCase() });
      expect(left).toContainEqual({ externalId: 's-dan', internalId: null });
      for (const gone of ['s-ann', 's-bob', 's-cid']) {
        expect(left.map((user) => user.externalId)).not.toContain(gone);
      }
      const moved = await get<Page<EmbedUser>>(`${base}/by-sessions-moved/users`);
      expect(moved.items.map((user) => [user.externalId, user.groups])).toEqual([['s-dan', []]]);
      // The host sends the user again: a new tenant and a new user, with nothing of the old ones.
      const again = await generateSession(server, { ...sessionBase, externalId: 's-ann' });
      expect(again.status).toBe(200);
      const fresh = await get<Page<EmbedUser>>(`${base}/by-sessions/users`);
      expect(fresh.items).toMatchObject([{ externalId: 's-ann', email: null, groups: [] }]);
      expect((await get<Page<EmbedGroup>>(`${base}/by-sessions/groups`)).items).toEqual([]);
    });
  });

  describe('deleting a tenant while sessions place users in it', () => {
    it('leaves no user of those sessions outside a tenant, whichever comes first', async () => {
      for (let round = 0; round < 5; round += 1) {
        const embedTenantName = `racing-${round}`;
        const first = await generateSession(server, {
          deploymentId,
          externalId: `race-${round}-first`,
          embedTenantName,
        });
        expect(first.status).toBe(200);
        const answers = await Promise.all([
          server.request({ method: 'DELETE', url: `${base}/${embedTenantName}` }),
          ...[0, 1, 2].map((index) =>
            generateSession(server, { deploymentId, externalId: `race-${round}-${index}`, embedTenantName }),
          ),
        ]);
        expect(answers.map((answer) => answer.status)).toEqual([204, 200, 200, 200]);
      }
      // Every racing user was deleted with the tenant, or placed in it after (a tenant made anew).
      const strays = await database()
        .select({ externalId: chatUsersTable.externalId })
        .from(chatUsersTable)
        .leftJoin(embedUsersTable, eq(embedUsersTable.chatUserId, chatUsersTable.id))
        .where(and(like(chatUsersTable.externalId, 'race-%'), isNull(embedUsersTable.tenantId)));
      expect(strays).toEqual([]);
    });
  });

  describe('account isolation', () => {
    it("answers another account's tenant with 404 and lists none of it", async () => {
      const other = await createOtherAccount(server);
      await tenant({ name: 'shared-name', users: [{ externalId: 'ours' }], groups: [{ name: 'g' }] });
      const theirs = await tenant({
        name: 'shared-name',
        accountId: other.accountId,
        users: [{ externalId: 'theirs' }],
        groups: [{ name: 'g' }],
      });
      await tenant({ name: 'only-ours' });

      const listed = await get<Page<EmbedTenant>>(`${base}?first=100`, other.adminKey);
      expect(listed.items.map((item) => item.name)).toEqual(['shared-name']);
      expect(listed.items[0]?.userCount).toBe(1);
      const theirUsers = await get<Page<EmbedUser>>(`${base}/shared-name/users`, other.adminKey);
      expect(theirUsers.items.map((user) => user.externalId)).toEqual(['theirs']);

      for (const [method, url, body] of [
        ['GET', `${base}/only-ours/users`, undefined],
        ['GET', `${base}/only-ours/groups`, undefined],
        ['POST', `${base}/only-ours/groups`, { name: 'x' }],
        ['DELETE', `${base}/only-ours`, undefined],
      ] as const) {
        const answer = await server.request({ method, url, body, key: other.adminKey });
        expectErrorBody(answer, 'NOT_FOUND', `${method} ${url}`);
      }
      // Our group id, reached through their tenant of the same name, is not theirs.
      const ourGroups = await get<Page<EmbedGroup>>(`${base}/shared-name/groups`);
      const ourGroupId = ourGroups.items[0]?.id;
      const crossed = await server.request({
        method: 'GET',
        url: `${base}/shared-name/groups/${ourGroupId}`,
        key: other.adminKey,
      });
      expectErrorBody(crossed, 'NOT_FOUND');

      // Deleting theirs leaves ours.
      const deleted = await server.request({
        method: 'DELETE',
        url: `${base}/shared-name`,
        key: other.adminKey,
      });
      expect(deleted.status).toBe(204);
      expect(await tenantNames()).toContain('shared-name');
      const stillOurs = await get<Page<EmbedUser>>(`${base}/shared-name/users`);
      expect(stillOurs.items.map((user) => user.externalId)).toEqual(['ours']);
      const theirRows = await database()
        .select()
        .from(chatUsersTable)
        .where(inArray(chatUsersTable.id, [...theirs.chatUserIds.values()]));
      expect(theirRows).toEqual([]);
    });
  });

  describe('deleting a tenant', () => {
    it('removes its users (chat users and their threads), groups, access rules and pending sessions in one go', async () => {
      const doomed = await tenant({
        name: 'doomed',
        groups: [{ name: 'finance' }],
        users: [
          { externalId: 'kept-one', isEphemeral: false, groups: ['finance'] },
          { externalId: 'passing', groups: ['finance'] },
        ],
      });
      const survivor = await tenant({
        name: 'survivor',
        groups: [{ name: 'finance' }],
        users: [{ externalId: 'stays' }],
      });
      const financeId = doomed.groupIds.get('finance') as number;
      const keptId = doomed.chatUserIds.get('kept-one') as number;
      await database()
        .insert(embedAccessTable)
        .values([
          { accountId, deploymentId, workbookId, tenantId: doomed.tenantId, groupId: null, action: 'read' },
          {
            accountId,
            deploymentId,
            workbookId,
            tenantId: doomed.tenantId,
            groupId: financeId,
            action: 'none',
          },
          { accountId, deploymentId, workbookId, tenantId: survivor.tenantId, groupId: null, action: 'read' },
        ]);
      await database().insert(chatThreadsTable).values({
        id: 'doomed-thread',
        accountId,
        deploymentId,
        agentId: 'agent',
        chatUserId: keptId,
      });
      const claims = (embedTenantName: string) => ({
        accountId,
        deploymentId,
        chatUserId: keptId,
        user: { kind: 'external' as const, externalId: 'kept-one' },
        email: null,
        displayName: null,
        embedTenantName,
        groups: [],
        securityContext: {},
        userAttributes: {},
        settings: { showDashboardChat: false, locale: 'en-US', timezone: 'UTC' },
        branchName: null,
      });
      const inTenMinutes = new Date(Date.now() + 600_000);
      await database()
        .insert(embedSessionsTable)
        .values([
          {
            idHash: 'doomed-session',
            accountId,
            deploymentId,
            claims: claims('doomed'),
            expiresAt: inTenMinutes,
          },
          {
            idHash: 'survivor-session',
            accountId,
            deploymentId,
            claims: claims('survivor'),
            expiresAt: inTenMinutes,
          },
        ]);

      // The hosted CLI sends the delete with a trailing slash.
      const deleted = await server.request({ method: 'DELETE', url: `${base}/doomed/` });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
      expect(deleted.body).toBeUndefined();

      expect(await tenantNames()).not.toContain('doomed');
      const chatRows = await database()
        .select()
        .from(chatUsersTable)
        .where(inArray(chatUsersTable.id, [...doomed.chatUserIds.values()]));
      expect(chatRows).toEqual([]);
      expect(
        await database().select().from(chatThreadsTable).where(eq(chatThreadsTable.id, 'doomed-thread')),
      ).toEqual([]);
      expect(
        await database()
          .select()
          .from(embedGroupsTable)
          .where(eq(embedGroupsTable.tenantId, doomed.tenantId)),
      ).toEqual([]);
      expect(
        await database()
          .select()
          .from(embedGroupMembersTable)
          .where(eq(embedGroupMembersTable.groupId, financeId)),
      ).toEqual([]);
      const rules = await database()
        .select({ tenantId: embedAccessTable.tenantId })
        .from(embedAccessTable)
        .where(eq(embedAccessTable.workbookId, workbookId));
      expect(rules).toEqual([{ tenantId: survivor.tenantId }]);
      const sessions = await database()
        .select({ idHash: embedSessionsTable.idHash })
        .from(embedSessionsTable)
        .where(inArray(embedSessionsTable.idHash, ['doomed-session', 'survivor-session']));
      expect(sessions).toEqual([{ idHash: 'survivor-session' }]);

      const survivorUsers = await get<Page<EmbedUser>>(`${base}/survivor/users`);
      expect(survivorUsers.items.map((user) => user.externalId)).toEqual(['stays']);
      expectErrorBody(await server.request({ method: 'DELETE', url: `${base}/doomed` }), 'NOT_FOUND');
    });

    it('gives its kept users back to externalUsersLimit', async () => {
      const chatUsers = server.container.services.chatUsers;
      const keptNow = await database()
        .select({ id: chatUsersTable.id })
        .from(chatUsersTable)
        .where(
          and(
            eq(chatUsersTable.accountId, accountId),
            isNotNull(chatUsersTable.externalId),
            eq(chatUsersTable.isEphemeral, false),
          ),
        );
      await tenant({
        name: 'at-the-cap',
        users: [{ externalId: 'cap-user', isEphemeral: false }],
      });
      const settings = await server.request({
        method: 'PUT',
        url: '/api/v1/tenant/settings',
        body: { externalUsersLimit: keptNow.length + 1 },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      try {
        await expect(
          chatUsers.provisionExternal(accountId, {
            externalId: 'one-too-many',
            email: null,
            isEphemeral: false,
          }),
        ).rejects.toThrow(/externalUsersLimit/);
        const deleted = await server.request({ method: 'DELETE', url: `${base}/at-the-cap` });
        expect(deleted.status).toBe(204);
        const next = await chatUsers.provisionExternal(accountId, {
          externalId: 'one-too-many',
          email: null,
          isEphemeral: false,
        });
        expect(next.externalId).toBe('one-too-many');
      } finally {
        await server.request({
          method: 'PUT',
          url: '/api/v1/tenant/settings',
          body: { externalUsersLimit: 10_000 },
        });
      }
    });
  });

  describe('groups', () => {
    it('creates, reads, updates and deletes groups of a tenant', async () => {
      await tenant({ name: 'groups-acme' });
      await tenant({ name: 'groups-other' });
      const created = await server.request({
        method: 'POST',
        url: `${base}/groups-acme/groups`,
        body: { name: 'finance', description: 'Finance team' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const group = created.body as EmbedGroup;
      expect(group).toEqual({
        id: expect.any(Number),
        name: 'finance',
        description: 'Finance team',
        userCount: 0,
        createdAt: expect.any(String),
      });

      const duplicate = await server.request({
        method: 'POST',
        url: `${base}/groups-acme/groups`,
        body: { name: 'finance' },
      });
      expectErrorBody(duplicate, 'CONFLICT');
      const elsewhere = await server.request({
        method: 'POST',
        url: `${base}/groups-other/groups`,
        body: { name: 'finance' },
      });
      expect(elsewhere.status).toBe(201);
      const second = await server.request({
        method: 'POST',
        url: `${base}/groups-acme/groups`,
        body: { name: 'sales' },
      });
      expect(second.status).toBe(201);

      expect(await get<EmbedGroup>(`${base}/groups-acme/groups/${group.id}`)).toEqual(group);
      expectErrorBody(
        await server.request({ method: 'GET', url: `${base}/groups-other/groups/${group.id}` }),
        'NOT_FOUND',
      );

      const listed = await get<Page<EmbedGroup>>(`${base}/groups-acme/groups?first=1`);
      expect(listed.items.map((item) => item.name)).toEqual(['finance']);
      expect(listed.pageInfo.hasNextPage).toBe(true);
      const rest = await get<Page<EmbedGroup>>(
        `${base}/groups-acme/groups?first=1&after=${listed.pageInfo.endCursor}`,
      );
      expect(rest.items.map((item) => item.name)).toEqual(['sales']);

      const renamed = await server.request({
        method: 'PATCH',
        url: `${base}/groups-acme/groups/${group.id}`,
        body: { name: 'finance-emea' },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'finance-emea', description: 'Finance team' });
      const cleared = await server.request({
        method: 'PATCH',
        url: `${base}/groups-acme/groups/${group.id}`,
        body: { description: null },
      });
      expect(cleared.body).toMatchObject({ name: 'finance-emea', description: null });
      const clash = await server.request({
        method: 'PATCH',
        url: `${base}/groups-acme/groups/${group.id}`,
        body: { name: 'sales' },
      });
      expectErrorBody(clash, 'CONFLICT');

      const deleted = await server.request({
        method: 'DELETE',
        url: `${base}/groups-acme/groups/${group.id}`,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true });
      expectErrorBody(
        await server.request({ method: 'GET', url: `${base}/groups-acme/groups/${group.id}` }),
        'NOT_FOUND',
      );
      expectErrorBody(
        await server.request({ method: 'DELETE', url: `${base}/groups-acme/groups/${group.id}` }),
        'NOT_FOUND',
      );
      expectErrorBody(
        await server.request({ method: 'POST', url: `${base}/no-such-tenant/groups`, body: { name: 'x' } }),
        'NOT_FOUND',
      );
    });

    it('deleting a group removes its memberships and the access rules naming it, not its users', async () => {
      const acme = await tenant({
        name: 'group-delete',
        groups: [{ name: 'doomed' }, { name: 'kept' }],
        users: [{ externalId: 'gd-ann', groups: ['doomed', 'kept'] }],
      });
      const doomedId = acme.groupIds.get('doomed') as number;
      await database()
        .insert(embedAccessTable)
        .values([
          { accountId, deploymentId, workbookId, tenantId: acme.tenantId, groupId: doomedId, action: 'read' },
          {
            accountId,
            deploymentId,
            workbookId,
            tenantId: acme.tenantId,
            groupId: acme.groupIds.get('kept') as number,
            action: 'read',
          },
        ]);
      const deleted = await server.request({
        method: 'DELETE',
        url: `${base}/group-delete/groups/${doomedId}`,
      });
      expect(deleted.status).toBe(200);
      const rules = await database()
        .select({ groupId: embedAccessTable.groupId })
        .from(embedAccessTable)
        .where(eq(embedAccessTable.tenantId, acme.tenantId));
      expect(rules).toEqual([{ groupId: acme.groupIds.get('kept') }]);
      const users = await get<Page<EmbedUser>>(`${base}/group-delete/users`);
      expect(users.items).toMatchObject([{ externalId: 'gd-ann', groups: ['kept'] }]);
    });

    it('adds and removes members by external id, all of them users of the tenant or nothing changes', async () => {
      const acme = await tenant({
        name: 'members-acme',
        groups: [{ name: 'finance' }],
        users: [
          { externalId: 'm-ann', email: 'ann@acme.example' },
          { externalId: 'm-bob' },
          { externalId: 'm-cid' },
        ],
      });
      await tenant({ name: 'members-other', users: [{ externalId: 'm-dan' }] });
      const groupId = acme.groupIds.get('finance') as number;
      const members = `${base}/members-acme/groups/${groupId}/users`;

      // External ids are lowercased, as generate-session keeps them.
      const added = await server.request({
        method: 'POST',
        url: members,
        body: { externalIds: ['M-ANN', 'm-bob', 'm-ann'] },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body).toMatchObject({ id: groupId, name: 'finance', userCount: 2 });
      const again = await server.request({ method: 'POST', url: members, body: { externalIds: ['m-bob'] } });
      expect(again.body).toMatchObject({ userCount: 2 });

      const listed = await get<Page<EmbedUser>>(members);
      expect(listed.items).toMatchObject([
        { externalId: 'm-ann', email: 'ann@acme.example', groups: ['finance'] },
        { externalId: 'm-bob', groups: ['finance'] },
      ]);
      const firstOnly = await get<Page<EmbedUser>>(`${members}?first=1`);
      expect(firstOnly.items.map((user) => user.externalId)).toEqual(['m-ann']);
      expect(firstOnly.pageInfo.hasNextPage).toBe(true);

      // dan is a user of another tenant, zed of none: the 404 names both, and cid is not added.
      const refused = await server.request({
        method: 'POST',
        url: members,
        body: { externalIds: ['m-cid', 'm-dan', 'zed'] },
      });
      expectErrorBody(refused, 'NOT_FOUND');
      expect((refused.body as { message: string }).message).toMatch(/m-dan, zed/);
      expect((refused.body as { details: unknown }).details).toEqual({ externalIds: ['m-dan', 'zed'] });
      expect((await get<EmbedGroup>(`${base}/members-acme/groups/${groupId}`)).userCount).toBe(2);

      const refusedRemoval = await server.request({
        method: 'DELETE',
        url: members,
        body: { externalIds: ['m-ann', 'zed'] },
      });
      expectErrorBody(refusedRemoval, 'NOT_FOUND');
      expect((await get<EmbedGroup>(`${base}/members-acme/groups/${groupId}`)).userCount).toBe(2);

      // A DELETE with a JSON body, as the hosted client sends it; cid is not in the group and is ignored.
      const removed = await server.request({
        method: 'DELETE',
        url: members,
        body: { externalIds: ['m-ann', 'm-cid'] },
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body).toMatchObject({ userCount: 1 });
      expect((await get<Page<EmbedUser>>(members)).items.map((user) => user.externalId)).toEqual(['m-bob']);
      const users = await get<Page<EmbedUser>>(`${base}/members-acme/users`);
      expect(users.items.map((user) => [user.externalId, user.groups])).toEqual([
        ['m-ann', []],
        ['m-bob', ['finance']],
        ['m-cid', []],
      ]);

      // An expired member is neither counted nor listed, nor can it be added.
      await expire(acme.chatUserIds.get('m-bob') as number);
      expect((await get<EmbedGroup>(`${base}/members-acme/groups/${groupId}`)).userCount).toBe(0);
      expect((await get<Page<EmbedUser>>(members)).items).toEqual([]);
      expectErrorBody(
        await server.request({ method: 'POST', url: members, body: { externalIds: ['m-bob'] } }),
        'NOT_FOUND',
      );

      for (const body of [{ externalIds: [] }, {}, { externalIds: ['has space'] }]) {
        expectErrorBody(await server.request({ method: 'POST', url: members, body }), 'BAD_REQUEST');
      }
    });
  });

  describe('rights', () => {
    it('refuses every embed-tenant operation to developer and viewer keys (403)', async () => {
      const acme = await tenant({
        name: 'rights-acme',
        groups: [{ name: 'g' }],
        users: [{ externalId: 'r-ann' }],
      });
      const groupId = acme.groupIds.get('g') as number;
      for (const role of ['developer', 'viewer'] as const) {
        const { key } = await createUserWithKey(server, role);
        for (const [method, url, body] of [
          ['GET', base, undefined],
          ['GET', `${base}/rights-acme/users`, undefined],
          ['DELETE', `${base}/rights-acme`, undefined],
          ['GET', `${base}/rights-acme/groups`, undefined],
          ['POST', `${base}/rights-acme/groups`, { name: 'new' }],
          ['GET', `${base}/rights-acme/groups/${groupId}`, undefined],
          ['PATCH', `${base}/rights-acme/groups/${groupId}`, { name: 'renamed' }],
          ['DELETE', `${base}/rights-acme/groups/${groupId}`, undefined],
          ['GET', `${base}/rights-acme/groups/${groupId}/users`, undefined],
          ['POST', `${base}/rights-acme/groups/${groupId}/users`, { externalIds: ['r-ann'] }],
          ['DELETE', `${base}/rights-acme/groups/${groupId}/users`, { externalIds: ['r-ann'] }],
        ] as const) {
          const answer = await server.request({ method, url, body, key });
          expectErrorBody(answer, 'FORBIDDEN', `${role} ${method} ${url}`);
        }
      }
      expect(await tenantNames()).toContain('rights-acme');
      expect((await get<EmbedGroup>(`${base}/rights-acme/groups/${groupId}`)).name).toBe('g');
    });
  });

  describe('bad input', () => {
    it('refuses tenant names that are not plain slugs (400), whatever the operation', async () => {
      for (const name of ['a%2Fb', '%2E%2Ex', 'x%2E%2E', 'a%2F..%2Fb', 'a..b', 'a%00b', '.hidden', '-dash']) {
        for (const [method, url, body] of [
          ['GET', `${base}/${name}/users`, undefined],
          ['DELETE', `${base}/${name}`, undefined],
          ['GET', `${base}/${name}/groups`, undefined],
          ['POST', `${base}/${name}/groups`, { name: 'g' }],
        ] as const) {
          const answer = await server.request({ method, url, body });
          expectErrorBody(answer, 'BAD_REQUEST', `${method} ${url}`);
        }
      }
      expect(
        await database().select().from(embedTenantsTable).where(eq(embedTenantsTable.name, 'a')),
      ).toEqual([]);
    });

    it('refuses bad group ids and bodies (400)', async () => {
      await tenant({ name: 'bad-input' });
      for (const id of ['abc', '0', '1e3', '-1']) {
        expectErrorBody(
          await server.request({ method: 'GET', url: `${base}/bad-input/groups/${id}` }),
          'BAD_REQUEST',
          id,
        );
      }
      for (const body of [{}, { name: '' }, { name: 'g', extra: 1 }, { name: 'x'.repeat(201) }]) {
        expectErrorBody(
          await server.request({ method: 'POST', url: `${base}/bad-input/groups`, body }),
          'BAD_REQUEST',
          JSON.stringify(body),
        );
      }
    });

    it('does not serve the removed per-tenant user-attribute operations (404)', async () => {
      await tenant({ name: 'removed-ops', users: [{ externalId: 'ro-ann' }] });
      for (const [method, url] of [
        ['GET', `${base}/removed-ops/user-attributes`],
        ['GET', `${base}/removed-ops/user-attributes/region`],
        ['DELETE', `${base}/removed-ops/user-attributes/region`],
        ['GET', `${base}/removed-ops/users/ann/user-attributes`],
        ['DELETE', `${base}/removed-ops/users/ann/user-attributes/region`],
      ] as const) {
        const answer = await server.request({ method, url });
        expectErrorBody(answer, 'NOT_FOUND', `${method} ${url}`);
      }
    });
  });
});
