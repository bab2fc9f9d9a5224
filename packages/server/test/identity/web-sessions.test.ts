import { defaultSessionTtlSeconds as defaultWebSessionSeconds } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { maximumFailedSignIns } from '../../src/modules/identity/failed-sign-ins.js';
import { webSessionsTable } from '../../src/modules/identity/identity.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createUserWithKey, startTestServer, type TestServer } from '../support/test-server.js';

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

function setCookieOf(answer: Answer): string {
  const header = answer.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : (header ?? ''));
}

/** `platform_session=<token>` from a Set-Cookie header. */
function cookieOf(answer: Answer): string {
  const pair = setCookieOf(answer).split(';')[0] ?? '';
  expect(pair).toMatch(/^platform_session=ws-/);
  return pair;
}

describe('web sign-in: sessions made from API keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signIn(apiKey: string, headers: Record<string, string> = {}): Promise<Answer> {
    return server.request({ method: 'POST', url: '/auth/login', key: null, body: { apiKey }, headers });
  }

  /** A request carrying only the session cookie (no Authorization header). */
  function withCookie(
    cookie: string,
    options: { method: string; url: string; body?: unknown; headers?: Record<string, string> },
  ) {
    return server.request({ ...options, key: null, headers: { cookie, ...options.headers } });
  }

  it('answers 204 with an HTTP-only, SameSite=Lax cookie for 12 hours that acts as the key', async () => {
    const answer = await signIn(server.adminKey);
    expect(answer.status).toBe(204);
    const setCookie = setCookieOf(answer);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toMatch(
      new RegExp(`Max-Age=(${defaultWebSessionSeconds}|${defaultWebSessionSeconds - 1})(;|$)`),
    );
    expect(setCookie).not.toContain('Secure');
    // No proxy is trusted by default: a forwarded protocol changes nothing.
    const forwarded = await signIn(server.adminKey, { 'x-forwarded-proto': 'https' });
    expect(setCookieOf(forwarded)).not.toContain('Secure');
    const me = await withCookie(cookieOf(answer), { method: 'GET', url: '/api/v1/users/me' });
    const byKey = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(byKey.body);
  });

  it('keeps only a hash of the session token', async () => {
    const answer = await signIn(server.adminKey);
    const token = cookieOf(answer).split('=')[1] ?? '';
    const rows = await server.container.platform.store.database.select().from(webSessionsTable);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('never logs the key signed in with nor the session token', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'logged?' },
    });
    const { token } = created.body as { token: string };
    const cookie = cookieOf(await signIn(token));
    await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' });
    await signIn(`${token}x`);
    const logged = server.logLines.join('');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(cookie.split('=')[1]);
  });

  it('refuses an unknown or malformed key with 401 and sets no cookie', async () => {
    for (const apiKey of [`sk-${'q'.repeat(43)}`, 'not-a-key']) {
      const answer = await signIn(apiKey, { 'x-forwarded-for': 'ignored' });
      expectErrorBody(answer, 'UNAUTHORIZED', apiKey);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expectErrorBody(
      await server.request({ method: 'POST', url: '/auth/login', key: null, body: {} }),
      'BAD_REQUEST',
    );
  });

  it('refuses a sign-in sent from another site (login CSRF), not one from the same origin', async () => {
    const host = 'localhost:80';
    const crossSite = await signIn(server.adminKey, { origin: 'https://evil.example', host });
    expectErrorBody(crossSite, 'FORBIDDEN');
    const sameSite = await signIn(server.adminKey, { origin: `http://${host}`, host });
    expect(sameSite.status).toBe(204);
  });

  it('needs the CSRF header or a same-origin Origin on writes made with the cookie (403 otherwise)', async () => {
    const cookie = cookieOf(await signIn(server.adminKey));
    const write = { method: 'POST', url: '/api/v1/api-keys', body: { name: 'from-the-web' } };
    expectErrorBody(await withCookie(cookie, write), 'FORBIDDEN', 'no header');
    expectErrorBody(
      await withCookie(cookie, {
        ...write,
        headers: { origin: 'https://evil.example', host: 'localhost:80' },
      }),
      'FORBIDDEN',
      'cross-site origin',
    );
    expectErrorBody(
      await withCookie(cookie, { ...write, headers: { 'x-platform-csrf': 'yes' } }),
      'FORBIDDEN',
      'wrong header value',
    );
    expect((await withCookie(cookie, { ...write, headers: { 'x-platform-csrf': '1' } })).status).toBe(201);
    const sameOrigin = { origin: 'http://localhost:80', host: 'localhost:80' };
    expect((await withCookie(cookie, { ...write, headers: sameOrigin })).status).toBe(201);
    // Reads need neither.
    expect((await withCookie(cookie, { method: 'GET', url: '/api/v1/deployments' })).status).toBe(200);
  });

  it("takes the cookie on the data API too (an APP dashboard's queries), with the same CSRF check", async () => {
    const cookie = cookieOf(await signIn(server.adminKey));
    const deploymentId = await findDeploymentId(server, 'demo');
    const load = {
      method: 'POST',
      url: `/deployments/${deploymentId}/data/v1/load`,
      body: { query: { measures: ['orders.count'] } },
    };
    expectErrorBody(await withCookie(cookie, load), 'FORBIDDEN', 'no CSRF header');
    const answer = await withCookie(cookie, { ...load, headers: { 'x-platform-csrf': '1' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const withKey = await server.request(load);
    expect((answer.body as { data: unknown }).data).toEqual((withKey.body as { data: unknown }).data);
    // Reads (GET load) need no header; no cookie and no key is still a 401.
    const read = await withCookie(cookie, {
      method: 'GET',
      url: `/deployments/${deploymentId}/data/v1/meta`,
    });
    expect(read.status).toBe(200);
    expectErrorBody(await server.request({ ...load, key: null }), 'UNAUTHORIZED');
  });

  it('lets an Authorization header win over the cookie, and keeps the key working unchanged', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const viewerCookie = cookieOf(await signIn(viewer.key));
    const asAdmin = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'header-wins' },
      headers: { cookie: viewerCookie },
    });
    expect(asAdmin.status).toBe(201);
    const broken = await server.request({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: 'platform_session=ws-broken' },
    });
    expect(broken.status).toBe(200);
  });

  it("gives a session its key's rights: a viewer's session is refused what the viewer is", async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const cookie = cookieOf(await signIn(viewer.key));
    const me = await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' });
    expect((me.body as { role: string; actions: string[] }).role).toBe('viewer');
    expect((me.body as { actions: string[] }).actions).not.toContain('UsersManage');
    const refused = await withCookie(cookie, {
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'nope@example.com', role: 'viewer' },
      headers: { 'x-platform-csrf': '1' },
    });
    expectErrorBody(refused, 'FORBIDDEN');
  });

  it('ends the session on sign-out (204, cookie cleared); the cookie is then refused', async () => {
    const cookie = cookieOf(await signIn(server.adminKey));
    const withoutHeader = await withCookie(cookie, { method: 'POST', url: '/auth/logout' });
    expectErrorBody(withoutHeader, 'FORBIDDEN');
    const answer = await withCookie(cookie, {
      method: 'POST',
      url: '/auth/logout',
      headers: { 'x-platform-csrf': '1' },
    });
    expect(answer.status).toBe(204);
    expect(setCookieOf(answer)).toMatch(/^platform_session=; .*Max-Age=0/);
    expectErrorBody(await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' }), 'UNAUTHORIZED');
    expectErrorBody(await server.request({ method: 'POST', url: '/auth/logout', key: null }), 'UNAUTHORIZED');
  });

  it('ends every session of a key signed out with the key itself', async () => {
    const user = await createUserWithKey(server, 'developer');
    const cookies = [cookieOf(await signIn(user.key)), cookieOf(await signIn(user.key))];
    expect((await server.request({ method: 'POST', url: '/auth/logout', key: user.key })).status).toBe(204);
    for (const cookie of cookies) {
      expectErrorBody(await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' }), 'UNAUTHORIZED');
    }
  });

  it('refuses the cookie once its session has expired, also while the session is cached', async () => {
    const cookie = cookieOf(await signIn(server.adminKey));
    expect((await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' })).status).toBe(200);
    // The clock moves past the session's end: the cached session (just used) is refused all the same.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (defaultWebSessionSeconds + 1) * 1000 });
    try {
      expectErrorBody(await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' }), 'UNAUTHORIZED');
    } finally {
      vi.useRealTimers();
    }
    // And a session the store says has ended is refused once it is read from the store again.
    const fresh = cookieOf(await signIn(server.adminKey));
    await server.container.platform.store.database
      .update(webSessionsTable)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    server.container.services.webSessions.handleChange('*');
    expectErrorBody(await withCookie(fresh, { method: 'GET', url: '/api/v1/users/me' }), 'UNAUTHORIZED');
  });

  it('ends the sessions of a deleted API key at once', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'doomed' },
    });
    const { id, token } = created.body as { id: number; token: string };
    const cookie = cookieOf(await signIn(token));
    expect((await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' })).status).toBe(200);
    expect((await server.request({ method: 'DELETE', url: `/api/v1/api-keys/${id}` })).status).toBe(200);
    expectErrorBody(await withCookie(cookie, { method: 'GET', url: '/api/v1/users/me' }), 'UNAUTHORIZED');
  });

  it('never lets a session outlive its key', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'one-hour', expiresAt },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const answer = await signIn((created.body as { token: string }).token);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookieOf(answer))?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it('limits failed sign-ins per client address (429), leaving other addresses alone', async () => {
    const inject = (remoteAddress: string, apiKey: string) =>
      server.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ apiKey }),
      });
    const wrongKey = `sk-${'w'.repeat(43)}`;
    for (let attempt = 0; attempt < maximumFailedSignIns; attempt += 1) {
      expect((await inject('203.0.113.7', wrongKey)).statusCode).toBe(401);
    }
    const limited = await inject('203.0.113.7', server.adminKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await inject('203.0.113.8', server.adminKey)).statusCode).toBe(204);
  });
});

describe('web sign-in behind a trusted proxy (PLATFORM_TRUST_PROXY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ environment: { PLATFORM_TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = (apiKey: string, headers: Record<string, string>) =>
    server.request({ method: 'POST', url: '/auth/login', key: null, body: { apiKey }, headers });

  it('marks the cookie Secure when the proxy says the client came over https', async () => {
    const answer = await signIn(server.adminKey, { 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(204);
    expect(setCookieOf(answer)).toMatch(/; Secure$/);
    expect(setCookieOf(await signIn(server.adminKey, { 'x-forwarded-proto': 'http' }))).not.toContain(
      'Secure',
    );
  });

  it('counts failed sign-ins per forwarded client address, not per proxy', async () => {
    const wrongKey = `sk-${'f'.repeat(43)}`;
    for (let attempt = 0; attempt < maximumFailedSignIns; attempt += 1) {
      expect((await signIn(wrongKey, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(401);
    }
    expectErrorBody(
      await signIn(server.adminKey, { 'x-forwarded-for': '198.51.100.1' }),
      'TOO_MANY_REQUESTS',
    );
    expect((await signIn(server.adminKey, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(204);
  });
});

describe('web sign-in behind HTTPS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ environment: { PLATFORM_PUBLIC_URL: 'https://platform.example.com' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    // Without PLATFORM_TRUST_PROXY a forwarded protocol is not believed; the https public URL decides.
    const answer = await server.request({
      method: 'POST',
      url: '/auth/login',
      key: null,
      body: { apiKey: server.adminKey },
    });
    expect(answer.status).toBe(204);
    expect(setCookieOf(answer)).toMatch(/; Secure$/);
  });
});
