import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysTable } from '../../src/modules/identity/identity.tables.js';
import { deviceAuthorizationsTable, oauthTokensTable } from '../../src/modules/identity/sign-in.tables.js';
import { createUserWithKey, startTestServer, type TestServer } from '../support/test-server.js';

const deviceGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

interface TokenAnswer {
  access_token: string;
  accessToken: string;
  refresh_token: string;
  refreshToken: string;
  token_type: string;
  expires_in: number;
  tenantUrl: string;
}

describe('CLI sign-in: the OAuth device authorization grant', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  function form(url: string, fields: Record<string, string>) {
    return server.request({
      method: 'POST',
      url,
      key: null,
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async function deviceCode(): Promise<DeviceCode> {
    const answer = await form('/auth/device/code', { client_id: 'platform-cli', scope: 'openid' });
    expect(answer.status).toBe(200);
    return answer.body as DeviceCode;
  }

  function poll(code: DeviceCode) {
    return form('/auth/device/token', {
      grant_type: deviceGrantType,
      device_code: code.device_code,
      client_id: 'platform-cli',
    });
  }

  /** The poll interval has passed (the test does not wait 5 seconds for it). */
  async function letIntervalPass(code: DeviceCode) {
    await server.container.platform.store.database
      .update(deviceAuthorizationsTable)
      .set({ lastPolledAt: new Date(Date.now() - 60_000) })
      .where(eq(deviceAuthorizationsTable.userCode, code.user_code));
  }

  function decide(userCode: string, decision: 'approve' | 'deny', key?: string | null, headers = {}) {
    return server.request({
      method: 'POST',
      url: '/auth/device/decision',
      body: { userCode, decision },
      ...(key !== undefined ? { key } : {}),
      headers,
    });
  }

  it('hands out a device code as RFC 8628 says, and answers pending, then slow_down', async () => {
    const code = await deviceCode();
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code.expires_in).toBe(900);
    expect(code.interval).toBe(5);
    expect(code.verification_uri).toMatch(/\/device$/);
    expect(code.verification_uri_complete).toBe(`${code.verification_uri}?user_code=${code.user_code}`);
    const pending = await poll(code);
    expect(pending.status).toBe(400);
    expect(pending.body).toEqual({ error: 'authorization_pending', error_description: expect.any(String) });
    expect(pending.headers['cache-control']).toBe('no-store');
    const tooSoon = await poll(code);
    expect(tooSoon.status).toBe(400);
    expect((tooSoon.body as { error: string }).error).toBe('slow_down');
  });

  it('gives tokens once after approval, which act as the approving user through Bearer', async () => {
    const code = await deviceCode();
    const approval = await decide(code.user_code.toLowerCase().replace('-', ''), 'approve');
    expect(approval.status).toBe(200);
    expect(approval.body).toEqual({ userCode: code.user_code, clientId: 'platform-cli', status: 'approved' });
    const answer = await poll(code);
    expect(answer.status).toBe(200);
    const tokens = answer.body as TokenAnswer;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.accessToken).toBe(tokens.access_token);
    expect(tokens.refreshToken).toBe(tokens.refresh_token);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.tenantUrl).toBe(server.container.config.publicUrl);
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me', key: tokens.access_token });
    expect(me.status).toBe(200);
    expect((me.body as { email: string; isAdmin: boolean }).email).toBe('admin@localhost');
    // The device code is single-use, and tokens are stored hashed.
    await letIntervalPass(code);
    const again = await poll(code);
    expect(again.status).toBe(400);
    expect((again.body as { error: string }).error).toBe('invalid_grant');
    const stored = JSON.stringify(
      await server.container.platform.store.database.select().from(oauthTokensTable),
    );
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).not.toContain(tokens.refresh_token);
    // The grant is no API key of the user's lists.
    const keys = await server.request({ method: 'GET', url: '/api/v1/api-keys' });
    expect(JSON.stringify(keys.body)).not.toContain('platform-cli sign-in');
    // A code already answered cannot be answered again.
    expect((await decide(code.user_code, 'deny')).status).toBe(404);
  });

  it('carries the rights of the credential that approved, no more', async () => {
    const viewer = await createUserWithKey(server, 'viewer', 'device-viewer@example.com');
    const code = await deviceCode();
    expect((await decide(code.user_code, 'approve', viewer.key)).status).toBe(200);
    const tokens = (await poll(code)).body as TokenAnswer;
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me', key: tokens.access_token });
    expect((me.body as { email: string }).email).toBe('device-viewer@example.com');
    const users = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      key: tokens.access_token,
      body: { email: 'nope@example.com', role: 'viewer' },
    });
    expect(users.status).toBe(403);
  });

  it('answers access_denied after a denial, expired_token after 15 minutes', async () => {
    const denied = await deviceCode();
    expect((await decide(denied.user_code, 'deny')).status).toBe(200);
    expect(((await poll(denied)).body as { error: string }).error).toBe('access_denied');
    const expired = await deviceCode();
    await server.container.platform.store.database
      .update(deviceAuthorizationsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceAuthorizationsTable.userCode, expired.user_code));
    expect(((await poll(expired)).body as { error: string }).error).toBe('expired_token');
    expect((await decide(expired.user_code, 'approve')).status).toBe(404);
  });

  it('refuses bad requests with the RFC errors', async () => {
    const code = await deviceCode();
    const wrongGrant = await form('/auth/device/token', {
      grant_type: 'password',
      device_code: code.device_code,
      client_id: 'platform-cli',
    });
    expect(wrongGrant.body).toEqual({
      error: 'unsupported_grant_type',
      error_description: expect.any(String),
    });
    const unknownClient = await form('/auth/device/code', { client_id: 'someone-else' });
    expect(unknownClient.status).toBe(401);
    expect((unknownClient.body as { error: string }).error).toBe('invalid_client');
    const missing = await form('/auth/device/token', {
      grant_type: deviceGrantType,
      client_id: 'platform-cli',
    });
    expect((missing.body as { error: string }).error).toBe('invalid_request');
    const unknownCode = await form('/auth/device/token', {
      grant_type: deviceGrantType,
      device_code: 'dc-unknown',
      client_id: 'platform-cli',
    });
    expect((unknownCode.body as { error: string }).error).toBe('invalid_grant');
  });

  it('needs a signed-in caller to decide, and CSRF proof with the session cookie', async () => {
    const code = await deviceCode();
    expect((await decide(code.user_code, 'approve', null)).status).toBe(401);
    const signIn = await server.request({
      method: 'POST',
      url: '/auth/login',
      key: null,
      body: { apiKey: server.adminKey },
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    expect((await decide(code.user_code, 'approve', null, { cookie })).status).toBe(403);
    const approved = await decide(code.user_code, 'approve', null, { cookie, 'x-platform-csrf': '1' });
    expect(approved.status).toBe(200);
  });

  it('rotates the refresh token; a used one revokes the sign-in', async () => {
    const code = await deviceCode();
    await decide(code.user_code, 'approve');
    const first = (await poll(code)).body as TokenAnswer;
    const refreshed = await form('/auth/oauth2/refresh', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'platform-cli',
    });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as TokenAnswer;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(
      (await server.request({ method: 'GET', url: '/api/v1/users/me', key: second.access_token })).status,
    ).toBe(200);
    const reused = await form('/auth/oauth2/refresh', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'platform-cli',
    });
    expect(reused.status).toBe(400);
    expect((reused.body as { error: string }).error).toBe('invalid_grant');
    // The whole grant went: its newest tokens no longer work either.
    expect(
      (await server.request({ method: 'GET', url: '/api/v1/users/me', key: second.access_token })).status,
    ).toBe(401);
    const afterRevoke = await form('/auth/oauth2/refresh', {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
    });
    expect((afterRevoke.body as { error: string }).error).toBe('invalid_grant');
    const grants = await server.container.platform.store.database
      .select()
      .from(apiKeysTable)
      .where(eq(apiKeysTable.kind, 'device'));
    expect(grants.every((grant) => grant.name === 'platform-cli sign-in')).toBe(true);
  });

  it('refuses an expired access token', async () => {
    const code = await deviceCode();
    await decide(code.user_code, 'approve');
    const tokens = (await poll(code)).body as TokenAnswer;
    await server.container.platform.store.database
      .update(oauthTokensTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTokensTable.kind, 'access'));
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me', key: tokens.access_token });
    expect(me.status).toBe(401);
  });
});
