import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userOAuthTokensTable } from '../../src/modules/integrations/integrations.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { ScriptedAuthorizationServer } from '../support/scripted-authorization-server.js';
import {
  createOtherAccount,
  createUserWithKey,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

const clientId = 'platform-client';
const clientSecret = 'client-secret-9f2c1d7e5b3a';
const publicUrl = 'http://platform.test';

interface Integration {
  id: number;
  name: string;
  clientSecret: string;
  redirectUri: string;
  scopes: string[];
}

interface UserToken {
  id: number;
  integrationId: number;
  status: string;
  scopes: string[];
  accessTokenExpiresAt: string | null;
}

/** Every file under a directory, recursively. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('OAuth integrations and user tokens against a scripted authorization server', () => {
  let server: TestServer;
  let provider: ScriptedAuthorizationServer;
  let viewer: { userId: number; key: string };
  let adminUserId: number;
  let integrationCount = 0;

  beforeAll(async () => {
    provider = new ScriptedAuthorizationServer({ clientId, clientSecret });
    await provider.start();
    // At trace level everything the server can log is written; on disk, so its files can be searched.
    server = await startTestServer({
      isStoreOnDisk: true,
      environment: { LOG_LEVEL: 'trace', PLATFORM_PUBLIC_URL: publicUrl },
    });
    viewer = await createUserWithKey(server, 'viewer');
    adminUserId = ((await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as { id: number })
      .id;
  });
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  function integrationInput(overrides: Record<string, unknown> = {}) {
    integrationCount += 1;
    return {
      name: `provider-${integrationCount}`,
      clientId,
      clientSecret,
      authorizationUrl: `${provider.baseUrl}/authorize`,
      tokenUrl: `${provider.baseUrl}/token`,
      revocationUrl: `${provider.baseUrl}/revoke`,
      scopes: ['read', 'write'],
      ...overrides,
    };
  }

  async function createIntegration(overrides: Record<string, unknown> = {}): Promise<Integration> {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/oauth-integrations',
      body: integrationInput(overrides),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Integration;
  }

  async function initiate(integrationId: number, key = server.adminKey): Promise<string> {
    const answer = await server.request({
      method: 'POST',
      url: `/api/v1/user-oauth-tokens/${integrationId}/initiate`,
      key,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { authorizationUrl: string }).authorizationUrl;
  }

  /** The user's browser at the provider: it approves and redirects back; the path and query it is sent to. */
  async function followAuthorization(authorizationUrl: string): Promise<string> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${publicUrl}/api/v1/oauth/callback`);
    return `${location.pathname}${location.search}`;
  }

  /** The browser arriving back at the platform: no credential, only what the provider put in the URL. */
  function callback(pathAndQuery: string) {
    return server.request({ method: 'GET', url: pathAndQuery, key: null });
  }

  async function connect(integrationId: number, key = server.adminKey) {
    return callback(await followAuthorization(await initiate(integrationId, key)));
  }

  function tokenOf(integrationId: number, key = server.adminKey) {
    return server.request({ method: 'GET', url: `/api/v1/user-oauth-tokens/${integrationId}`, key });
  }

  async function storedTokenRows(integrationId: number) {
    const { database } = server.container.platform.store;
    return database
      .select()
      .from(userOAuthTokensTable)
      .where(sql`${userOAuthTokensTable.integrationId} = ${integrationId}`);
  }

  describe('integrations', () => {
    it('creates one with its secret encrypted, the derived redirect URI, and lists it to any user', async () => {
      const created = await createIntegration({ type: 'generic' });
      expect(created).toMatchObject({
        clientSecret: '[ENCRYPTED]',
        redirectUri: `${publicUrl}/api/v1/oauth/callback`,
        scopes: ['read', 'write'],
      });
      const listed = await server.request({
        method: 'GET',
        url: '/api/v1/oauth-integrations',
        key: viewer.key,
      });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain(clientSecret);
      expect((listed.body as { items: Integration[] }).items.map((item) => item.id)).toContain(created.id);
      const read = await server.request({
        method: 'GET',
        url: `/api/v1/oauth-integrations/${created.id}`,
        key: viewer.key,
      });
      expect(read.body).toMatchObject({ id: created.id, clientSecret: '[ENCRYPTED]' });
    });

    it('leaves managing them to SecretsManage, and another account sees none of them', async () => {
      const created = await createIntegration();
      const refused = await server.request({
        method: 'POST',
        url: '/api/v1/oauth-integrations',
        key: viewer.key,
        body: integrationInput(),
      });
      expectErrorBody(refused, 'FORBIDDEN');
      for (const method of ['PUT', 'DELETE']) {
        const answer = await server.request({
          method,
          url: `/api/v1/oauth-integrations/${created.id}`,
          key: viewer.key,
          ...(method === 'PUT' ? { body: { name: 'taken-over' } } : {}),
        });
        expectErrorBody(answer, 'FORBIDDEN', method);
      }
      const other = await createOtherAccount(server);
      const otherRead = await server.request({
        method: 'GET',
        url: `/api/v1/oauth-integrations/${created.id}`,
        key: other.adminKey,
      });
      expectErrorBody(otherRead, 'NOT_FOUND');
      const otherInitiate = await server.request({
        method: 'POST',
        url: `/api/v1/user-oauth-tokens/${created.id}/initiate`,
        key: other.adminKey,
      });
      expectErrorBody(otherInitiate, 'NOT_FOUND');
    });

    it('refuses endpoints that are not http(s), carry credentials, a fragment or a NUL, and a duplicate name', async () => {
      const badUrls = [
        'ftp://auth.example.com/token',
        'https://user:password@auth.example.com/token',
        'https://auth.example.com/token#part',
        'https://auth.example.com/to\u0000ken',
        'not a url',
      ];
      for (const tokenUrl of badUrls) {
        const answer = await server.request({
          method: 'POST',
          url: '/api/v1/oauth-integrations',
          body: integrationInput({ tokenUrl }),
        });
        expectErrorBody(answer, 'BAD_REQUEST', tokenUrl);
      }
      const sentBack = await server.request({
        method: 'POST',
        url: '/api/v1/oauth-integrations',
        body: integrationInput({ clientSecret: '[ENCRYPTED]' }),
      });
      expectErrorBody(sentBack, 'BAD_REQUEST');
      const first = await createIntegration();
      const duplicate = await server.request({
        method: 'POST',
        url: '/api/v1/oauth-integrations',
        body: { ...integrationInput(), name: first.name },
      });
      expectErrorBody(duplicate, 'CONFLICT');
    });

    it('keeps the client secret through an update that does not send one (the provider still accepts it)', async () => {
      const created = await createIntegration();
      const updated = await server.request({
        method: 'PUT',
        url: `/api/v1/oauth-integrations/${created.id}`,
        body: { name: `${created.name}-renamed`, scopes: ['read'] },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: `${created.name}-renamed`, clientSecret: '[ENCRYPTED]' });
      expect((await connect(created.id)).status).toBe(200);
      expect((await tokenOf(created.id)).body).toMatchObject({ status: 'active', scopes: ['read'] });
    });

    it("marks users' tokens revoked when the client changes, and deletes them with the integration", async () => {
      const created = await createIntegration();
      expect((await connect(created.id)).status).toBe(200);
      const changed = await server.request({
        method: 'PUT',
        url: `/api/v1/oauth-integrations/${created.id}`,
        body: { clientId: 'another-client' },
      });
      expect(changed.status).toBe(200);
      expect((await tokenOf(created.id)).body).toMatchObject({ status: 'revoked' });
      const [row] = await storedTokenRows(created.id);
      expect(row).toMatchObject({ accessTokenEncrypted: null, refreshTokenEncrypted: null });
      await expect(
        server.container.services.userOAuthTokens.accessTokenFor(adminUserId, created.id),
      ).rejects.toThrow(/revoked.*connect again/);
      const deleted = await server.request({
        method: 'DELETE',
        url: `/api/v1/oauth-integrations/${created.id}`,
      });
      expect(deleted.status).toBe(200);
      expect(await storedTokenRows(created.id)).toEqual([]);
    });
  });

  describe('connecting a user', () => {
    it('runs the authorization code flow with PKCE and lists the connection without any token', async () => {
      const integration = await createIntegration();
      const authorizationUrl = new URL(await initiate(integration.id, viewer.key));
      expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: `${publicUrl}/api/v1/oauth/callback`,
        scope: 'read write',
        code_challenge_method: 'S256',
      });
      const page = await callback(await followAuthorization(authorizationUrl.toString()));
      expect(page.status).toBe(200);
      expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(String(page.body)).toContain(`Connected to ${integration.name}`);

      const listed = await server.request({
        method: 'GET',
        url: '/api/v1/user-oauth-tokens',
        key: viewer.key,
      });
      expect(listed.status).toBe(200);
      const items = (listed.body as { items: UserToken[] }).items;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        integrationId: integration.id,
        status: 'active',
        scopes: ['read', 'write'],
      });
      expect(Date.parse(items[0]?.accessTokenExpiresAt ?? '')).toBeGreaterThan(Date.now() + 3_000_000);
      const one = await tokenOf(integration.id, viewer.key);
      expect(one.body).toEqual(items[0]);
      // The admin's own list holds only the admin's connections.
      const adminList = await server.request({ method: 'GET', url: '/api/v1/user-oauth-tokens?first=100' });
      const adminItems = (adminList.body as { items: UserToken[] }).items;
      expect(adminItems.map((item) => item.id)).not.toContain(items[0]?.id);
      for (const answer of [page, listed, one, adminList]) {
        for (const token of provider.issuedTokens) expect(JSON.stringify(answer.body)).not.toContain(token);
      }
      const accessToken = await server.container.services.userOAuthTokens.accessTokenFor(
        viewer.userId,
        integration.id,
      );
      expect(provider.issuedTokens).toContain(accessToken);
    });

    it('refuses an unknown state with 401 and stores nothing', async () => {
      const integration = await createIntegration();
      const pathAndQuery = await followAuthorization(await initiate(integration.id));
      const forged = new URL(pathAndQuery, publicUrl);
      forged.searchParams.set('state', 'a-state-nobody-issued');
      const message = errorMessageOf(await callback(`${forged.pathname}${forged.search}`), 'UNAUTHORIZED');
      expect(message).toMatch(/unknown, already used or older than 10 minutes/);
      expectErrorBody(await tokenOf(integration.id), 'NOT_FOUND');
    });

    it('uses a state once: the same callback again is a 401 and changes nothing', async () => {
      const integration = await createIntegration();
      const pathAndQuery = await followAuthorization(await initiate(integration.id));
      expect((await callback(pathAndQuery)).status).toBe(200);
      const [before] = await storedTokenRows(integration.id);
      const tokenRequests = provider.tokenRequestCount;
      expectErrorBody(await callback(pathAndQuery), 'UNAUTHORIZED');
      expect(provider.tokenRequestCount).toBe(tokenRequests);
      expect(await storedTokenRows(integration.id)).toEqual([before]);
    });

    it('refuses a state older than 10 minutes', async () => {
      const integration = await createIntegration();
      const pathAndQuery = await followAuthorization(await initiate(integration.id));
      await server.container.platform.store.database.execute(
        sql`UPDATE oauth_authorization_requests SET expires_at = now() - interval '1 second' WHERE integration_id = ${integration.id}`,
      );
      expectErrorBody(await callback(pathAndQuery), 'UNAUTHORIZED');
      expectErrorBody(await tokenOf(integration.id), 'NOT_FOUND');
    });

    it('stores nothing when the provider refuses the verifier (PKCE)', async () => {
      const integration = await createIntegration();
      const pathAndQuery = await followAuthorization(await initiate(integration.id));
      // What an attacker holding only the code has: a verifier that is not the one the challenge came from.
      const { secretBox, store } = server.container.platform;
      await store.database.execute(
        sql`UPDATE oauth_authorization_requests SET code_verifier_encrypted = ${secretBox.encrypt('x'.repeat(64))} WHERE integration_id = ${integration.id}`,
      );
      const message = errorMessageOf(await callback(pathAndQuery), 'BAD_REQUEST');
      expect(message).toMatch(/refused the connection: invalid_grant/);
      expect(provider.refusals.at(-1)?.description).toMatch(/code_verifier does not match/);
      expectErrorBody(await tokenOf(integration.id), 'NOT_FOUND');
    });

    it('stores nothing when the code has expired at the provider', async () => {
      const integration = await createIntegration();
      const pathAndQuery = await followAuthorization(await initiate(integration.id));
      provider.advanceClock(120_000);
      const message = errorMessageOf(await callback(pathAndQuery), 'BAD_REQUEST');
      expect(message).toMatch(/invalid_grant \(the code has expired\)/);
      expectErrorBody(await tokenOf(integration.id), 'NOT_FOUND');
    });

    it('stores nothing when the user refuses at the provider', async () => {
      const integration = await createIntegration();
      provider.denyNextAuthorization = true;
      const message = errorMessageOf(
        await callback(await followAuthorization(await initiate(integration.id))),
        'BAD_REQUEST',
      );
      expect(message).toMatch(/access_denied/);
      expectErrorBody(await tokenOf(integration.id), 'NOT_FOUND');
    });
  });

  describe('using and revoking a connection', () => {
    it('refreshes an expired access token when it is used', async () => {
      const integration = await createIntegration();
      provider.accessTokenLifetimeSeconds = 5;
      try {
        expect((await connect(integration.id)).status).toBe(200);
      } finally {
        provider.accessTokenLifetimeSeconds = 3600;
      }
      const [before] = await storedTokenRows(integration.id);
      const tokens = server.container.services.userOAuthTokens;
      const [first, second] = await Promise.all([
        tokens.accessTokenFor(adminUserId, integration.id),
        tokens.accessTokenFor(adminUserId, integration.id),
      ]);
      expect(second).toBe(first);
      const [after] = await storedTokenRows(integration.id);
      expect(after?.accessTokenEncrypted).not.toBe(before?.accessTokenEncrypted);
      expect(after?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
      // The new token is used as it is until it nears its expiry.
      expect(await tokens.accessTokenFor(adminUserId, integration.id)).toBe(first);
      expect((await tokenOf(integration.id)).body).toMatchObject({ status: 'active' });
    });

    it('marks the connection expired, with no token kept, when the provider refuses the refresh', async () => {
      const integration = await createIntegration();
      provider.accessTokenLifetimeSeconds = 5;
      try {
        expect((await connect(integration.id)).status).toBe(200);
      } finally {
        provider.accessTokenLifetimeSeconds = 3600;
      }
      provider.forgetRefreshTokens();
      const tokens = server.container.services.userOAuthTokens;
      await expect(tokens.accessTokenFor(adminUserId, integration.id)).rejects.toThrow(
        /has expired and .* refused to refresh it \(invalid_grant.*connect again/,
      );
      expect((await tokenOf(integration.id)).body).toMatchObject({ status: 'expired' });
      const [row] = await storedTokenRows(integration.id);
      expect(row).toMatchObject({
        status: 'expired',
        accessTokenEncrypted: null,
        refreshTokenEncrypted: null,
      });
      await expect(tokens.accessTokenFor(adminUserId, integration.id)).rejects.toThrow(
        /has expired: connect again/,
      );
    });

    it('revokes the refresh token at the provider (RFC 7009) and deletes the connection', async () => {
      const integration = await createIntegration();
      const issuedBefore = provider.issuedTokens.length;
      expect((await connect(integration.id)).status).toBe(200);
      const refreshToken = provider.issuedTokens[issuedBefore + 1] ?? '';
      expect(provider.isRefreshTokenValid(refreshToken)).toBe(true);
      const deleted = await server.request({
        method: 'DELETE',
        url: `/api/v1/user-oauth-tokens/${integration.id}`,
      });
      expect(deleted.status).toBe(200);
      expect(provider.revokedTokens.at(-1)).toEqual({ token: refreshToken, hint: 'refresh_token' });
      expect(provider.isRefreshTokenValid(refreshToken)).toBe(false);
      expectErrorBody(await tokenOf(integration.id), 'NOT_FOUND');
      expectErrorBody(
        await server.request({ method: 'DELETE', url: `/api/v1/user-oauth-tokens/${integration.id}` }),
        'NOT_FOUND',
      );
    });

    it('deletes the connection without a revocation endpoint, or when the provider is gone', async () => {
      const withoutEndpoint = await createIntegration({ revocationUrl: null });
      expect((await connect(withoutEndpoint.id)).status).toBe(200);
      const revocations = provider.revokedTokens.length;
      const deleted = await server.request({
        method: 'DELETE',
        url: `/api/v1/user-oauth-tokens/${withoutEndpoint.id}`,
      });
      expect(deleted.status).toBe(200);
      expect(provider.revokedTokens.length).toBe(revocations);
      const unreachable = await createIntegration({ revocationUrl: 'http://127.0.0.1:9/revoke' });
      expect((await connect(unreachable.id)).status).toBe(200);
      const forgotten = await server.request({
        method: 'DELETE',
        url: `/api/v1/user-oauth-tokens/${unreachable.id}`,
      });
      expect(forgotten.status).toBe(200);
      expectErrorBody(await tokenOf(unreachable.id), 'NOT_FOUND');
    });
  });

  describe('secrets at rest and in the log', () => {
    it('never writes the client secret, a token, a code or a state to the log, even at trace level', () => {
      const log = server.logLines.join('');
      expect(log).toContain('OAuth integration connected');
      expect(log).toContain('/api/v1/oauth/callback?');
      expect(provider.issuedTokens.length).toBeGreaterThan(10);
      for (const secret of [clientSecret, ...provider.issuedTokens]) expect(log).not.toContain(secret);
      expect(log).not.toMatch(/code-[A-Za-z0-9_-]{20,}/);
      expect(log).not.toMatch(/[?&]state=(?!\[REDACTED\])/);
    });

    it('keeps no secret in plain text in the data directory', async () => {
      const { database } = server.container.platform.store;
      await database.execute(sql`CHECKPOINT`);
      const contents = await Promise.all(
        (await filesUnder(server.dataDirectory)).map((path) =>
          readFile(path).then((bytes) => bytes.toString('latin1')),
        ),
      );
      const everything = contents.join('\n');
      // The store's files are there and readable: a name written in plain text is found.
      expect(everything).toContain('provider-1');
      for (const secret of [clientSecret, ...provider.issuedTokens]) expect(everything).not.toContain(secret);
    });
  });
});
