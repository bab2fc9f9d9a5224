import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usersTable } from '../../src/modules/identity/identity.tables.js';
import { ssoSignInRequestsTable } from '../../src/modules/identity/sign-in.tables.js';
import { safeNextPath } from '../../src/modules/identity/sso-sign-in.service.js';
import { type OpenIdProvider, startOpenIdProvider } from '../support/openid-provider.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

function locationOf(answer: Answer): string {
  return String(answer.headers.location ?? '');
}

describe('web sign-in with the account OpenID Connect provider (SSO)', () => {
  let server: TestServer;
  let provider: OpenIdProvider;
  beforeAll(async () => {
    [server, provider] = await Promise.all([startTestServer(), startOpenIdProvider()]);
    await configureSso({ allowUserCreation: false, defaultRole: 'viewer' });
  });
  afterAll(async () => {
    await Promise.all([server?.close(), provider?.close()]);
  });
  beforeEach(() => {
    provider.lie = {};
    provider.person = { subject: 'admin-1', email: 'Admin@LocalHost', emailVerified: true };
  });

  async function configureSso(sso: Record<string, unknown>) {
    const answer = await server.request({
      method: 'PUT',
      url: '/api/v1/tenant/settings',
      body: {
        sso: {
          enabled: true,
          issuerUrl: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          ...sso,
        },
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** The browser's trip: our start, the provider's /authorize, back to our callback. */
  async function signInThroughProvider(
    next = '/deployments/1',
  ): Promise<{ callbackUrl: string; answer: Answer }> {
    const start = await server.request({
      method: 'GET',
      url: `/auth/sso/start?next=${encodeURIComponent(next)}`,
      key: null,
    });
    expect(start.status).toBe(302);
    const authorizationUrl = new URL(locationOf(start));
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    const atProvider = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = new URL(atProvider.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/auth/sso/callback');
    const callbackUrl = `${callback.pathname}${callback.search}`;
    return { callbackUrl, answer: await callBack(callbackUrl) };
  }

  function callBack(callbackUrl: string) {
    return server.request({ method: 'GET', url: callbackUrl, key: null });
  }

  function cookieOf(answer: Answer): string {
    const header = answer.headers['set-cookie'];
    const pair = String(Array.isArray(header) ? header[0] : (header ?? '')).split(';')[0] ?? '';
    expect(pair).toMatch(/^platform_session=ws-/);
    return pair;
  }

  async function userCount(): Promise<number> {
    const [row] = await server.container.platform.store.database
      .select({ count: sql<number>`count(*)::int` })
      .from(usersTable);
    return row?.count ?? 0;
  }

  it('tells the sign-in page that SSO is on', async () => {
    const options = await server.request({ method: 'GET', url: '/auth/sign-in-options', key: null });
    expect(options.status).toBe(200);
    expect(options.body).toEqual({ sso: { enabled: true, startUrl: '/auth/sso/start' } });
    const unknown = await server.request({
      method: 'GET',
      url: '/auth/sign-in-options?account=nobody',
      key: null,
    });
    expect(unknown.body).toEqual({ sso: { enabled: false, startUrl: null } });
  });

  it('signs a known user in (e-mail in any case), with the session cookie the API takes', async () => {
    const { answer, callbackUrl } = await signInThroughProvider('/deployments/1?tab=files');
    expect(answer.status, String(answer.body)).toBe(302);
    // The authorization code and state never reach the log.
    const code = new URL(callbackUrl, 'http://x').searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    expect(server.logLines.join('')).not.toContain(code);
    expect(locationOf(answer)).toBe('/deployments/1?tab=files');
    const cookie = cookieOf(answer);
    expect(String(answer.headers['set-cookie'])).toContain('HttpOnly');
    const me = await server.request({
      method: 'GET',
      url: '/api/v1/users/me',
      key: null,
      headers: { cookie },
    });
    expect(me.status).toBe(200);
    expect((me.body as { email: string }).email).toBe('admin@localhost');
    // A write with the cookie works like any other session's (with the CSRF header).
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      key: null,
      headers: { cookie, 'x-platform-csrf': '1' },
      body: { name: 'signed in by SSO' },
    });
    expect(created.status).toBe(201);
    // The SSO grant is no API key of the user's lists, and the secret never reached the log.
    const keys = await server.request({ method: 'GET', url: '/api/v1/api-keys' });
    expect(JSON.stringify(keys.body)).not.toContain('SSO sign-in');
    expect(server.logLines.join('')).not.toContain(provider.clientSecret);
    // Sign-out is the usual one.
    const signOut = await server.request({
      method: 'POST',
      url: '/auth/logout',
      key: null,
      headers: { cookie, 'x-platform-csrf': '1' },
    });
    expect(signOut.status).toBe(204);
    const after = await server.request({
      method: 'GET',
      url: '/api/v1/users/me',
      key: null,
      headers: { cookie },
    });
    expect(after.status).toBe(401);
  });

  it('uses each state once', async () => {
    const { callbackUrl, answer } = await signInThroughProvider();
    expect(answer.status).toBe(302);
    const replay = await callBack(callbackUrl);
    expect(replay.status).toBe(401);
    expect(String(replay.headers['content-type'])).toContain('text/html');
    expect(String(replay.body)).toContain('already used');
    expect(replay.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong or missing state', async () => {
    const { callbackUrl } = await (async () => {
      const start = await server.request({ method: 'GET', url: '/auth/sso/start', key: null });
      const atProvider = await fetch(locationOf(start), { redirect: 'manual' });
      const callback = new URL(atProvider.headers.get('location') ?? '');
      return { callbackUrl: `${callback.pathname}${callback.search}` };
    })();
    const forged = new URL(callbackUrl, 'http://x');
    forged.searchParams.set('state', 'forged-state');
    const wrong = await callBack(`${forged.pathname}${forged.search}`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    forged.searchParams.delete('state');
    expect((await callBack(`${forged.pathname}${forged.search}`)).status).toBe(401);
  });

  it('refuses an ID token with a wrong nonce', async () => {
    provider.lie = { nonce: 'someone-elses-nonce' };
    const { answer } = await signInThroughProvider();
    expect(answer.status).toBe(401);
    expect(String(answer.body)).toContain('nonce');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an ID token not signed by a key of the provider JWKS', async () => {
    provider.lie = { unpublishedKey: true };
    const { answer } = await signInThroughProvider();
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired code, and a sign-in request older than 10 minutes', async () => {
    const start = await server.request({ method: 'GET', url: '/auth/sso/start', key: null });
    const atProvider = await fetch(locationOf(start), { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location') ?? '');
    provider.expireCodes();
    const expiredCode = await callBack(`${callback.pathname}${callback.search}`);
    expect(expiredCode.status).toBe(401);
    expect(String(expiredCode.body)).toContain('invalid_grant');

    const late = await server.request({ method: 'GET', url: '/auth/sso/start', key: null });
    const lateAtProvider = await fetch(locationOf(late), { redirect: 'manual' });
    const lateCallback = new URL(lateAtProvider.headers.get('location') ?? '');
    await server.container.platform.store.database
      .update(ssoSignInRequestsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const tooLate = await callBack(`${lateCallback.pathname}${lateCallback.search}`);
    expect(tooLate.status).toBe(401);
    expect(String(tooLate.body)).toContain('10 minutes');
  });

  it('refuses an unknown e-mail when user creation is off, creating no one', async () => {
    provider.person = { subject: 'stranger', email: 'stranger@example.com', emailVerified: true };
    const before = await userCount();
    const { answer } = await signInThroughProvider();
    expect(answer.status).toBe(401);
    expect(String(answer.body)).toContain('stranger@example.com is not a user of this account');
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail the provider did not verify', async () => {
    provider.person = { subject: 'admin-1', email: 'admin@localhost', emailVerified: false };
    const { answer } = await signInThroughProvider();
    expect(answer.status).toBe(401);
    expect(String(answer.body)).toContain('verified e-mail');
  });

  it('creates an unknown user with the default role when the settings allow it', async () => {
    await configureSso({ allowUserCreation: true, defaultRole: 'developer' });
    provider.person = {
      subject: 'newcomer',
      email: 'newcomer@example.com',
      emailVerified: true,
      name: 'New Comer',
    };
    const { answer } = await signInThroughProvider('/');
    expect(answer.status).toBe(302);
    const me = await server.request({
      method: 'GET',
      url: '/api/v1/users/me',
      key: null,
      headers: { cookie: cookieOf(answer) },
    });
    expect(me.body).toMatchObject({ email: 'newcomer@example.com', credential: { role: 'developer' } });
    const [created] = await server.container.platform.store.database
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'newcomer@example.com'));
    expect(created).toMatchObject({ role: 'developer', name: 'New Comer' });
    // A second sign-in finds the same user.
    const again = await signInThroughProvider('/');
    expect(again.answer.status).toBe(302);
    await configureSso({ allowUserCreation: false, defaultRole: 'viewer' });
  });

  it('answers a page saying SSO is off when it is', async () => {
    const off = await server.request({ method: 'GET', url: '/auth/sso/start?account=nobody', key: null });
    expect(off.status).toBe(404);
    expect(String(off.body)).toContain('SSO is not enabled');
  });

  it('sends the browser back only to a path of this site', () => {
    expect(safeNextPath('/deployments/3?x=1#y')).toBe('/deployments/3?x=1#y');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('/\t/evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});
