import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUsersTable } from '../../src/modules/chat/chat-users.tables.js';
import {
  embedGroupMembersTable,
  embedGroupsTable,
  embedSessionsTable,
  embedTenantsTable,
  embedUsersTable,
} from '../../src/modules/embed/embed.tables.js';
import { type ChatTestServer, startChatTestServer } from '../chat-api/chat-test-server.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createAdminApiKey, createDeployment } from '../security/account-resources.js';
import { createOtherAccount, createUserWithKey, type TestServer } from '../support/test-server.js';
import {
  claimsOf,
  embedTokenFor,
  exchangeSession,
  generateSession,
  updateTenantSettings,
} from './embed-test-support.js';

const replayMessage = /unknown, already exchanged or expired/;

function messageOf(answer: { body: unknown }): string {
  return (answer.body as { message: string }).message;
}

/**
 * Embed sessions through the real management API: every field of generate-session reaching the token,
 * the single-use exchange, the tenant, groups and memberships it writes (all or nothing), the switches
 * and rights that refuse it, and the kept-user cap it shares with the Chat API.
 */
describe('embed sessions and tokens', () => {
  let chat: ChatTestServer;
  let server: TestServer;
  let deploymentId: number;
  let accountId: number;

  beforeAll(async () => {
    chat = await startChatTestServer();
    server = chat.server;
    deploymentId = chat.demoDeploymentId;
    accountId = (await server.container.services.accounts.accountByName('default'))?.id ?? 0;
    for (const name of ['plan', 'region']) {
      const attribute = await server.request({
        method: 'POST',
        url: '/api/v1/user-attributes',
        body: { name },
      });
      expect(attribute.status).toBe(201);
    }
  });
  afterAll(async () => {
    await chat?.close();
  });

  const database = () => server.container.platform.store.database;

  async function tenantNamed(name: string) {
    const [tenant] = await database()
      .select()
      .from(embedTenantsTable)
      .where(and(eq(embedTenantsTable.accountId, accountId), eq(embedTenantsTable.name, name)));
    return tenant ?? null;
  }

  async function chatUserOf(externalId: string) {
    const [user] = await database()
      .select()
      .from(chatUsersTable)
      .where(and(eq(chatUsersTable.accountId, accountId), eq(chatUsersTable.externalId, externalId)));
    return user ?? null;
  }

  /** The names of the groups the user is in. */
  async function membershipsOf(chatUserId: number): Promise<string[]> {
    const rows = await database()
      .select({ name: embedGroupsTable.name })
      .from(embedGroupMembersTable)
      .innerJoin(embedGroupsTable, eq(embedGroupsTable.id, embedGroupMembersTable.groupId))
      .where(eq(embedGroupMembersTable.chatUserId, chatUserId));
    return rows.map((row) => row.name).sort();
  }

  it('puts every field of the request into the session and its token', async () => {
    const before = Date.now();
    const session = await generateSession(server, {
      deploymentId,
      externalId: 'Customer-42',
      email: 'customer42@example.com',
      userProfile: { displayName: 'Customer Forty-Two' },
      embedTenantName: 'acme',
      embedTenantProfile: { displayName: 'Acme Corp' },
      tenantGroupDefinitions: [{ name: 'finance', description: 'the money people' }, { name: 'sales' }],
      tenantGroups: ['finance'],
      groups: ['analysts', 'emea'],
      userAttributes: [
        { name: 'plan', value: 'gold' },
        { name: 'region', value: 'EMEA' },
      ],
      securityContext: { channel: 'web', tenantIds: [1, 2] },
      settings: { showDashboardChat: true, locale: 'de-DE', timezone: 'Europe/Berlin' },
      branchName: 'feature-x',
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const { sessionId } = session.body as { sessionId: string };
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);

    // Only the hash of the id is kept, with the 10-minute expiry.
    const rows = await database().select().from(embedSessionsTable);
    const idHash = createHash('sha256').update(sessionId).digest('hex');
    const row = rows.find((candidate) => candidate.idHash === idHash);
    expect(row).toBeDefined();
    expect(rows.some((candidate) => candidate.idHash === sessionId)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(sessionId);
    const validFor = (row?.expiresAt.getTime() ?? 0) - before;
    expect(validFor).toBeGreaterThan(9.9 * 60_000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(row?.exchangedAt).toBeNull();

    const exchanged = await exchangeSession(server, sessionId);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    const { token } = exchanged.body as { token: string };
    const user = await chatUserOf('customer-42');
    expect(user).toMatchObject({ email: 'customer42@example.com', isEphemeral: true });
    const claims = await claimsOf(server, token);
    expect(claims).toMatchObject({
      accountId,
      deploymentId,
      chatUserId: user?.id,
      user: { kind: 'external', externalId: 'customer-42' },
      email: 'customer42@example.com',
      displayName: 'Customer Forty-Two',
      embedTenantName: 'acme',
      groups: ['analysts', 'emea'],
      securityContext: { channel: 'web', tenantIds: [1, 2] },
      userAttributes: { plan: 'gold', region: 'EMEA' },
      settings: { showDashboardChat: true, locale: 'de-DE', timezone: 'Europe/Berlin' },
      branchName: 'feature-x',
      sessionIdHash: idHash,
    });
    const lifetime = claims.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(23.9 * 3_600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3_600_000);

    // The tenant was created with its groups; the user is in it, in the group named.
    const tenant = await tenantNamed('acme');
    expect(tenant?.displayName).toBe('Acme Corp');
    const groups = await database()
      .select()
      .from(embedGroupsTable)
      .where(eq(embedGroupsTable.tenantId, tenant?.id ?? 0));
    expect(groups.map((group) => [group.name, group.description]).sort()).toEqual([
      ['finance', 'the money people'],
      ['sales', null],
    ]);
    const [embedUser] = await database()
      .select()
      .from(embedUsersTable)
      .where(eq(embedUsersTable.chatUserId, user?.id ?? 0));
    expect(embedUser).toMatchObject({ tenantId: tenant?.id, displayName: 'Customer Forty-Two' });
    expect(await membershipsOf(user?.id ?? 0)).toEqual(['finance']);
  });

  it("fills the page settings from the account's defaults, and the deploy branch", async () => {
    await updateTenantSettings(server, {
      defaultLocale: 'fr-FR',
      defaultTimezone: 'America/New_York',
      appConfig: { embedding: { showDashboardChat: true, locale: null } },
    });
    const first = await embedTokenFor(server, { deploymentId, externalId: 'defaults-user' });
    expect(await claimsOf(server, first.token)).toMatchObject({
      settings: { showDashboardChat: true, locale: 'fr-FR', timezone: 'America/New_York' },
      branchName: null,
      groups: [],
      securityContext: {},
      userAttributes: {},
      embedTenantName: null,
      displayName: null,
      email: null,
    });
    await updateTenantSettings(server, {
      appConfig: { embedding: { showDashboardChat: false, locale: 'ja-JP' } },
    });
    const second = await embedTokenFor(server, { deploymentId, externalId: 'defaults-user' });
    expect((await claimsOf(server, second.token)).settings).toEqual({
      showDashboardChat: false,
      locale: 'ja-JP',
      timezone: 'America/New_York',
    });
    await updateTenantSettings(server, {
      defaultLocale: 'en-US',
      defaultTimezone: 'UTC',
      appConfig: { embedding: { showDashboardChat: false, locale: null } },
    });
  });

  it('exchanges a session once: a replayed, an expired and an unknown id are the same 401', async () => {
    const session = await generateSession(server, { deploymentId, externalId: 'replay-user' });
    const { sessionId } = session.body as { sessionId: string };
    const [first, second] = await Promise.all([
      exchangeSession(server, sessionId),
      exchangeSession(server, sessionId),
    ]);
    // Two racing exchanges: exactly one wins.
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    const replayed = await exchangeSession(server, sessionId);
    expectErrorBody(replayed, 'UNAUTHORIZED');
    expect((replayed.body as { message: string }).message).toMatch(replayMessage);

    const late = await generateSession(server, { deploymentId, externalId: 'late-user' });
    const lateId = (late.body as { sessionId: string }).sessionId;
    // Ten minutes pass: the session expires without being exchanged.
    await database()
      .update(embedSessionsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(embedSessionsTable.idHash, createHash('sha256').update(lateId).digest('hex')));
    const expired = await exchangeSession(server, lateId);
    expectErrorBody(expired, 'UNAUTHORIZED');
    expect((expired.body as { message: string }).message).toBe(
      (replayed.body as { message: string }).message,
    );

    const unknown = await exchangeSession(server, 'f'.repeat(32));
    expectErrorBody(unknown, 'UNAUTHORIZED');
    expect((unknown.body as { message: string }).message).toBe(
      (replayed.body as { message: string }).message,
    );
    expectErrorBody(await exchangeSession(server, 'not-hex'), 'BAD_REQUEST');
  });

  it('refuses a tampered or foreign token (401)', async () => {
    const { token } = await embedTokenFor(server, {
      deploymentId,
      externalId: 'tamper-user',
      securityContext: { channel: 'web' },
      settings: { showDashboardChat: true },
    });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    claims.embed.securityContext = { channel: 'store' };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(claimsOf(server, forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(claimsOf(server, flipped)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // The Chat API takes neither: the forged token is no embed token, and the deployment takes no other.
    for (const bad of [forged, flipped]) {
      const answer = await chat.post(
        chat.deploymentUrl(deploymentId, 'stream-chat-state'),
        { input: 'How many orders are there?' },
        { 'x-platform-auth-token': bad },
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    }
  });

  it('answers 403 "embedding is disabled" while the tenant setting is off, to generation and exchange', async () => {
    const waiting = await generateSession(server, { deploymentId, externalId: 'switch-user' });
    expect(waiting.status).toBe(200);
    await updateTenantSettings(server, { embedding: { enabled: false } });
    try {
      const refused = await generateSession(server, { deploymentId, externalId: 'switch-user-2' });
      expectErrorBody(refused, 'FORBIDDEN');
      expect((refused.body as { message: string }).message).toMatch(/embedding is disabled/);
      expect(await chatUserOf('switch-user-2')).toBeNull();
      const exchange = await exchangeSession(server, (waiting.body as { sessionId: string }).sessionId);
      expectErrorBody(exchange, 'FORBIDDEN');
      expect((exchange.body as { message: string }).message).toMatch(/embedding is disabled/);
    } finally {
      await updateTenantSettings(server, { embedding: { enabled: true } });
    }
  });

  it('needs EmbedManage on the deployment: developers, viewers, scoped keys and other accounts are refused', async () => {
    const body = { deploymentId, externalId: 'rights-user' };
    for (const role of ['developer', 'viewer'] as const) {
      const { key } = await createUserWithKey(server, role);
      expectErrorBody(await generateSession(server, body, key), 'FORBIDDEN', role);
    }
    const elsewhere = await createDeployment(server, 'embed-elsewhere');
    const scoped = await createAdminApiKey(server, { name: 'embed scoped', deploymentIds: [elsewhere] });
    expectErrorBody(await generateSession(server, body, scoped.token), 'FORBIDDEN', 'scoped key');
    const other = await createOtherAccount(server);
    expectErrorBody(await generateSession(server, body, other.adminKey), 'NOT_FOUND', 'other account');
    expectErrorBody(await generateSession(server, { ...body, deploymentId: 999_999 }), 'NOT_FOUND');
    expect(await chatUserOf('rights-user')).toBeNull();
    expect((await generateSession(server, { ...body, deploymentId: elsewhere }, scoped.token)).status).toBe(
      200,
    );
    // The hosted client's header works as well.
    const apiKeyScheme = await server.request({
      method: 'POST',
      url: '/api/v1/embed/generate-session',
      body,
      key: null,
      headers: { authorization: `Api-Key ${server.adminKey}` },
    });
    expect(apiKeyScheme.status, JSON.stringify(apiKeyScheme.body)).toBe(200);
  });

  it('refuses the removed ephemeralTtlSeconds and broken identities with 400', async () => {
    const removed = await generateSession(server, {
      deploymentId,
      externalId: 'ttl-user',
      ephemeralTtlSeconds: 3600,
    });
    expectErrorBody(removed, 'BAD_REQUEST');
    expect(messageOf(removed)).toMatch(/ephemeralTtlSeconds was removed/);
    const both = await generateSession(server, {
      deploymentId,
      externalId: 'both',
      internalId: 'admin@localhost',
    });
    expectErrorBody(both, 'BAD_REQUEST');
    expect(messageOf(both)).toMatch(/exactly one of externalId/);
    expectErrorBody(await generateSession(server, { deploymentId }), 'BAD_REQUEST', 'neither');
    const unknownAttribute = await generateSession(server, {
      deploymentId,
      externalId: 'attribute-user',
      userAttributes: [{ name: 'no_such_attribute', value: 'x' }],
    });
    expectErrorBody(unknownAttribute, 'BAD_REQUEST');
    expect(messageOf(unknownAttribute)).toMatch(/"no_such_attribute" is not a user attribute/);
    const orphanGroups = await generateSession(server, {
      deploymentId,
      externalId: 'orphan-user',
      tenantGroups: ['finance'],
    });
    expectErrorBody(orphanGroups, 'BAD_REQUEST');
    expect(messageOf(orphanGroups)).toMatch(/tenantGroups need embedTenantName/);
    for (const externalId of ['ttl-user', 'attribute-user', 'orphan-user']) {
      expect(await chatUserOf(externalId)).toBeNull();
    }
  });

  it('lets an active account user in as themselves (internalId), with their own rights only', async () => {
    const { userId } = await createUserWithKey(server, 'viewer', 'Embedded.Viewer@example.com');
    const { token } = await embedTokenFor(server, {
      deploymentId,
      internalId: 'embedded.viewer@example.com',
      userProfile: { displayName: 'Viewer' },
    });
    const claims = await claimsOf(server, token);
    expect(claims.user).toEqual({ kind: 'internal', userId, email: 'embedded.viewer@example.com' });
    expect(claims.embedTenantName).toBeNull();
    const unknown = await generateSession(server, { deploymentId, internalId: 'nobody@example.com' });
    expectErrorBody(unknown, 'BAD_REQUEST');
    expect(messageOf(unknown)).toMatch(/no active user of the account has the e-mail/);
    const widened = await generateSession(server, {
      deploymentId,
      internalId: 'embedded.viewer@example.com',
      securityContext: { channel: 'web' },
      embedTenantName: 'acme',
    });
    expectErrorBody(widened, 'BAD_REQUEST');
    expect(messageOf(widened)).toMatch(/embedTenantName, securityContext must not be sent with internalId/);
  });

  it('replaces memberships with tenantGroups, moves a user to another tenant, and writes nothing on an unknown group', async () => {
    const base = { deploymentId, externalId: 'mover', embedTenantName: 'north' };
    await embedTokenFor(server, {
      ...base,
      tenantGroupDefinitions: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      tenantGroups: ['a', 'b'],
    });
    const mover = await chatUserOf('mover');
    expect(await membershipsOf(mover?.id ?? 0)).toEqual(['a', 'b']);
    // Without tenantGroups the memberships stay; with them they are replaced.
    await embedTokenFor(server, base);
    expect(await membershipsOf(mover?.id ?? 0)).toEqual(['a', 'b']);
    await embedTokenFor(server, {
      ...base,
      tenantGroups: ['c'],
      embedTenantProfile: { displayName: 'North' },
    });
    expect(await membershipsOf(mover?.id ?? 0)).toEqual(['c']);
    expect((await tenantNamed('north'))?.displayName).toBe('North');
    // A session without a display name keeps the tenant's.
    await embedTokenFor(server, base);
    expect((await tenantNamed('north'))?.displayName).toBe('North');

    const sessionsBefore = (await database().select().from(embedSessionsTable)).length;
    const unknown = await generateSession(server, {
      deploymentId,
      externalId: 'mover',
      embedTenantName: 'south',
      tenantGroupDefinitions: [{ name: 'defined' }],
      tenantGroups: ['defined', 'ghost', 'phantom'],
    });
    expectErrorBody(unknown, 'BAD_REQUEST');
    expect((unknown.body as { message: string }).message).toMatch(
      /"ghost", "phantom" are not groups of embed tenant "south"/,
    );
    expect(await tenantNamed('south')).toBeNull();
    expect((await database().select().from(embedSessionsTable)).length).toBe(sessionsBefore);
    expect(await membershipsOf(mover?.id ?? 0)).toEqual(['c']);
    const brandNew = await generateSession(server, {
      deploymentId,
      externalId: 'never-provisioned',
      embedTenantName: 'north',
      tenantGroups: ['ghost'],
    });
    expectErrorBody(brandNew, 'BAD_REQUEST');
    expect(await chatUserOf('never-provisioned')).toBeNull();

    // Sent with another tenant, the user moves there and leaves the old tenant's groups.
    await embedTokenFor(server, {
      deploymentId,
      externalId: 'mover',
      embedTenantName: 'south',
      tenantGroupDefinitions: [{ name: 'd' }],
      tenantGroups: ['d'],
    });
    const [moved] = await database()
      .select()
      .from(embedUsersTable)
      .where(eq(embedUsersTable.chatUserId, mover?.id ?? 0));
    expect(moved?.tenantId).toBe((await tenantNamed('south'))?.id);
    expect(await membershipsOf(mover?.id ?? 0)).toEqual(['d']);
    // Sent with no tenant, they are in none.
    await embedTokenFor(server, { deploymentId, externalId: 'mover' });
    expect(await membershipsOf(mover?.id ?? 0)).toEqual([]);
  });

  it('shares the kept-user cap with the Chat API: externalUsersLimit counts both', async () => {
    const keptBefore = await database()
      .select()
      .from(chatUsersTable)
      .where(and(eq(chatUsersTable.accountId, accountId), eq(chatUsersTable.isEphemeral, false)));
    expect(keptBefore.filter((user) => user.externalId !== null)).toEqual([]);
    await updateTenantSettings(server, { externalUsersLimit: 2 });
    try {
      const chatAnswer = await chat.post(
        chat.agentUrl(chat.agentId, 'stream-chat-state'),
        {
          input: 'How many orders are there?',
          sessionSettings: { externalId: 'kept-chat', isEphemeral: false },
        },
        { authorization: `Api-Key ${chat.agentKey}` },
      );
      expect(chatAnswer.status, chatAnswer.text).toBe(200);
      expect((await chatUserOf('kept-chat'))?.isEphemeral).toBe(false);
      const keptEmbed = await generateSession(server, {
        deploymentId,
        externalId: 'kept-embed',
        isEphemeral: false,
      });
      expect(keptEmbed.status, JSON.stringify(keptEmbed.body)).toBe(200);
      const overCap = await generateSession(server, {
        deploymentId,
        externalId: 'kept-too-many',
        isEphemeral: false,
        embedTenantName: 'capped',
      });
      expectErrorBody(overCap, 'FORBIDDEN');
      expect((overCap.body as { message: string }).message).toMatch(/externalUsersLimit/);
      expect(await chatUserOf('kept-too-many')).toBeNull();
      expect(await tenantNamed('capped')).toBeNull();
      const ephemeral = await generateSession(server, { deploymentId, externalId: 'kept-too-many' });
      expect(ephemeral.status).toBe(200);
      // The Chat API sees the embed user in its count too.
      const chatOverCap = await chat.post(
        chat.agentUrl(chat.agentId, 'stream-chat-state'),
        {
          input: 'How many orders are there?',
          sessionSettings: { externalId: 'kept-chat-2', isEphemeral: false },
        },
        { authorization: `Api-Key ${chat.agentKey}` },
      );
      expect(chatOverCap.status).toBe(403);
    } finally {
      await updateTenantSettings(server, { externalUsersLimit: 10_000 });
    }
  });
});
