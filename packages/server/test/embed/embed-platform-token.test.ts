import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUsersTable } from '../../src/modules/chat/chat-users.tables.js';
import {
  embedGroupMembersTable,
  embedGroupsTable,
  embedTenantsTable,
  embedUsersTable,
} from '../../src/modules/embed/embed.tables.js';
import { type ChatTestServer, startChatTestServer } from '../chat-api/chat-test-server.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { claimsOf, embedTokenFor, updateTenantSettings } from './embed-test-support.js';

const sharedSecret = 'embed-platform-secret-5d0c2b7e-long-enough-for-hs256';

function hs256(claims: JWTPayload, expiresIn = '1h', secret = sharedSecret) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

/** A JWKS endpoint on loopback serving one RSA key, as a customer's identity provider would. */
async function startJwksServer() {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'embed-test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (claims: JWTPayload) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'embed-test-key' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(keys.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A customer's own JWT (the deployment's own authentication for chat and embedding) exchanged for an
 * embed token: checked with the deployment's chat-auth settings (secret or JWKS), the user provisioned
 * from its claims, placed in the tenant they name.
 */
describe("exchanging a customer's own token for an embed token", () => {
  let chat: ChatTestServer;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let deploymentId: number;
  let accountId: number;
  let dashboardPublicId: string;

  beforeAll(async () => {
    chat = await startChatTestServer();
    jwks = await startJwksServer();
    deploymentId = chat.demoDeploymentId;
    accountId = (await chat.server.container.services.accounts.accountByName('default'))?.id ?? 0;
    await chat.setChatAuth(deploymentId, { enabled: true, secret: sharedSecret });
    await chat.setChatAuth(chat.otherDeploymentId, {
      enabled: true,
      jwksUrl: jwks.url,
      issuer: 'https://idp.example.com/',
      audience: 'platform-embed',
    });
    dashboardPublicId = await publishDashboard(chat);
  });
  afterAll(async () => {
    await jwks?.close();
    await chat?.close();
  });

  function exchange(body: Record<string, unknown>) {
    return chat.server.request({ method: 'POST', url: '/api/v1/embed/platform-token', body, key: null });
  }

  async function tokenOf(body: Record<string, unknown>): Promise<string> {
    const answer = await exchange(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { token: string }).token;
  }

  it('takes an HS256 token of the deployment: claims become the user, their tenant and security context', async () => {
    const platformToken = await hs256({
      sub: 'Customer-Sub',
      email: 'sub@example.com',
      groups: ['analysts'],
      scope: ['chat'],
      channel: 'web',
      embedTenantName: 'globex',
      tenantGroups: [],
    });
    const token = await tokenOf({ deploymentId, platformToken });
    const claims = await claimsOf(chat.server, token);
    expect(claims).toMatchObject({
      accountId,
      deploymentId,
      user: { kind: 'external', externalId: 'customer-sub' },
      email: 'sub@example.com',
      embedTenantName: 'globex',
      groups: ['analysts'],
      securityContext: { channel: 'web', scope: ['chat'], groups: ['analysts'], embedTenantName: 'globex' },
      settings: { showDashboardChat: true },
      branchName: null,
    });
    const [user] = await chat.server.container.platform.store.database
      .select()
      .from(chatUsersTable)
      .where(and(eq(chatUsersTable.accountId, accountId), eq(chatUsersTable.externalId, 'customer-sub')));
    expect(user).toMatchObject({ id: claims.chatUserId, isEphemeral: true, email: 'sub@example.com' });
    const [tenant] = await chat.server.container.platform.store.database
      .select()
      .from(embedTenantsTable)
      .where(eq(embedTenantsTable.name, 'globex'));
    const [embedUser] = await chat.server.container.platform.store.database
      .select()
      .from(embedUsersTable)
      .where(eq(embedUsersTable.chatUserId, claims.chatUserId));
    expect(embedUser?.tenantId).toBe(tenant?.id);
    // The session's claims stay with the user: a notification renders for them with these.
    const { sessionIdHash: _session, expiresAt: _expiry, ...sessionClaims } = claims;
    expect(embedUser?.lastClaims).toEqual(sessionClaims);
    // The token lives no longer than the customer's JWT (one hour here), never more than 24 hours.
    const lifetime = claims.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
    const long = await claimsOf(
      chat.server,
      await tokenOf({ deploymentId, platformToken: await hs256({ sub: 'long', scope: 'chat' }, '30d') }),
    );
    expect(long.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(long.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // The embed token chats as that user.
    const answer = await chat.post(
      chat.deploymentUrl(deploymentId, 'stream-chat-state'),
      { input: 'How many orders are there?' },
      { 'x-platform-auth-token': token },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toMatch(/__state__/);
  });

  it('finds the deployment from a dashboard public id', async () => {
    const token = await tokenOf({
      dashboardPublicId,
      platformToken: await hs256({ externalId: 'by-dashboard', scope: ['embed'] }),
    });
    const claims = await claimsOf(chat.server, token);
    expect(claims).toMatchObject({ deploymentId, user: { externalId: 'by-dashboard' } });
    // Its scope has no chat: the chat panel stays closed.
    expect(claims.settings.showDashboardChat).toBe(false);
    expectErrorBody(
      await exchange({ dashboardPublicId: 'Nope00000000', platformToken: await hs256({ sub: 'x' }) }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await exchange({ deploymentId, dashboardPublicId, platformToken: await hs256({ sub: 'x' }) }),
      'BAD_REQUEST',
    );
    expectErrorBody(await exchange({ platformToken: await hs256({ sub: 'x' }) }), 'BAD_REQUEST');
  });

  it('takes an RS256 token from the JWKS of a deployment that uses one, with its issuer and audience', async () => {
    const platformToken = await jwks.sign({
      externalId: 'jwks-customer',
      iss: 'https://idp.example.com/',
      aud: 'platform-embed',
      region: 'emea',
      embedTenantName: 'initech',
    });
    // An embed tenant's groups come from the API or a session; a token names existing ones.
    await embedTokenFor(chat.server, {
      deploymentId,
      externalId: 'group-founder',
      embedTenantName: 'initech',
      tenantGroupDefinitions: [{ name: 'ops' }],
    });
    const withGroups = await jwks.sign({
      externalId: 'jwks-customer',
      iss: 'https://idp.example.com/',
      aud: 'platform-embed',
      embedTenantName: 'initech',
      tenantGroups: ['ops'],
    });
    const token = await tokenOf({ deploymentId: chat.otherDeploymentId, platformToken });
    expect(await claimsOf(chat.server, token)).toMatchObject({
      deploymentId: chat.otherDeploymentId,
      user: { externalId: 'jwks-customer' },
      securityContext: { region: 'emea' },
    });
    const grouped = await claimsOf(
      chat.server,
      await tokenOf({ deploymentId: chat.otherDeploymentId, platformToken: withGroups }),
    );
    const memberships = await chat.server.container.platform.store.database
      .select({ name: embedGroupsTable.name })
      .from(embedGroupMembersTable)
      .innerJoin(embedGroupsTable, eq(embedGroupsTable.id, embedGroupMembersTable.groupId))
      .where(eq(embedGroupMembersTable.chatUserId, grouped.chatUserId));
    expect(memberships).toEqual([{ name: 'ops' }]);
    const wrongAudience = await jwks.sign({
      externalId: 'jwks-customer',
      iss: 'https://idp.example.com/',
      aud: 'elsewhere',
    });
    expectErrorBody(
      await exchange({ deploymentId: chat.otherDeploymentId, platformToken: wrongAudience }),
      'UNAUTHORIZED',
    );
    const unknownGroup = await jwks.sign({
      externalId: 'jwks-ghost',
      iss: 'https://idp.example.com/',
      aud: 'platform-embed',
      embedTenantName: 'initech',
      tenantGroups: ['ghost'],
    });
    expectErrorBody(
      await exchange({ deploymentId: chat.otherDeploymentId, platformToken: unknownGroup }),
      'BAD_REQUEST',
    );
  });

  it("refuses tokens the deployment's own auth does not take (401), and every token while embedding is off (403)", async () => {
    const wrongSecret = await hs256(
      { sub: 'intruder', scope: ['chat'] },
      '1h',
      'another-secret-of-enough-length-0123456789',
    );
    const refused = await exchange({ deploymentId, platformToken: wrongSecret });
    expectErrorBody(refused, 'UNAUTHORIZED');
    expect((refused.body as { message: string }).message).toMatch(/signature/);
    const expired = await exchange({ deploymentId, platformToken: await hs256({ sub: 'late' }, '-1m') });
    expectErrorBody(expired, 'UNAUTHORIZED');
    expect((expired.body as { message: string }).message).toMatch(/expired/);
    const badTenant = await exchange({
      deploymentId,
      platformToken: await hs256({ sub: 'bad-tenant', embedTenantName: '../etc' }),
    });
    expectErrorBody(badTenant, 'UNAUTHORIZED');
    expect((badTenant.body as { message: string }).message).toMatch(/embedTenantName claim/);

    // A deployment that has not enabled its own token auth takes none.
    await chat.setChatAuth(deploymentId, { enabled: false });
    try {
      const disabled = await exchange({ deploymentId, platformToken: await hs256({ sub: 'anyone' }) });
      expectErrorBody(disabled, 'UNAUTHORIZED');
      expect((disabled.body as { message: string }).message).toMatch(/not enabled for this deployment/);
    } finally {
      await chat.setChatAuth(deploymentId, { enabled: true });
    }
    expectErrorBody(
      await exchange({ deploymentId: 999_999, platformToken: await hs256({ sub: 'x' }) }),
      'NOT_FOUND',
    );

    await updateTenantSettings(chat.server, { embedding: { enabled: false } });
    try {
      const off = await exchange({ deploymentId, platformToken: await hs256({ sub: 'switched-off' }) });
      expectErrorBody(off, 'FORBIDDEN');
      expect((off.body as { message: string }).message).toMatch(/embedding is disabled/);
    } finally {
      await updateTenantSettings(chat.server, { embedding: { enabled: true } });
    }
    const [nobody] = await chat.server.container.platform.store.database
      .select()
      .from(chatUsersTable)
      .where(eq(chatUsersTable.externalId, 'switched-off'));
    expect(nobody).toBeUndefined();
  });
});

/** A published dashboard of the demo deployment; returns its public id. */
async function publishDashboard(chat: ChatTestServer): Promise<string> {
  const { server, demoDeploymentId } = chat;
  const report = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${demoDeploymentId}/reports`,
    body: { name: 'embed orders', jsonQuery: { measures: ['orders.count'] } },
  });
  const workbook = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${demoDeploymentId}/workbooks`,
    body: { name: 'embed dashboard' },
  });
  const published = await server.request({
    method: 'POST',
    url: `/api/v1/deployments/${demoDeploymentId}/workbooks/${(workbook.body as { id: number }).id}/publish`,
    body: {
      config: {
        kind: 'CLASSIC',
        widgets: [
          {
            id: 'chart',
            type: 'CHART',
            position: { x: 0, y: 0, w: 6, h: 4 },
            config: { reportId: (report.body as { id: number }).id },
          },
        ],
      },
    },
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return (published.body as { publicId: string }).publicId;
}
