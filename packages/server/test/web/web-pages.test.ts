import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const pagePaths = [
  '/',
  '/login',
  '/login?next=%2Fdeployments%2F1',
  '/deployments/1',
  '/deployments/1/reports/2',
  '/dashboards/abc123',
];

describe('the web pages as the server serves them', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    const signedIn = await server.request({
      method: 'POST',
      url: '/auth/login',
      key: null,
      body: { apiKey: server.adminKey },
    });
    cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(pagePaths)(
    'answers %s with the app page, its Content-Security-Policy and no caching',
    async (url) => {
      const answer = await server.request({
        method: 'GET',
        url,
        key: null,
        headers: { accept: 'text/html', cookie },
      });
      expect(answer.status).toBe(200);
      expect(String(answer.headers['content-type'])).toMatch(/^text\/html/);
      expect(String(answer.body)).toContain('<div id="root"></div>');
      expect(answer.headers['cache-control']).toBe('no-cache');
      const policy = String(answer.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/unsafe-eval/);
    },
  );

  it.each([
    ['/', '/login'],
    ['/deployments/1/reports/2?x=1', '/login?next=%2Fdeployments%2F1%2Freports%2F2%3Fx%3D1'],
    ['/dashboards/abc123', '/login?next=%2Fdashboards%2Fabc123'],
  ])('sends %s without a live session to %s', async (url, location) => {
    for (const headers of [{}, { cookie: 'platform_session=ws-ended' }] as Array<Record<string, string>>) {
      const answer = await server.request({ method: 'GET', url, key: null, headers });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(location);
    }
  });

  it('serves the hashed assets the page names with a year of caching, and 404s any other name', async () => {
    const page = await server.request({ method: 'GET', url: '/login', key: null });
    const scripts = [...String(page.body).matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const asset = await server.request({ method: 'GET', url: String(script), key: null });
      expect(asset.status).toBe(200);
      expect(String(asset.headers['content-type'])).toMatch(/^text\/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const missing = await server.request({ method: 'GET', url: '/assets/no-such-file.js', key: null });
    expectErrorBody(missing, 'NOT_FOUND');
    const outsideAssets = await server.request({
      method: 'GET',
      url: '/assets/..%2Fpackage.json',
      key: null,
    });
    expectErrorBody(outsideAssets, 'NOT_FOUND');
  });

  it('keeps the JSON 404 for unknown API paths, even when a browser asks', async () => {
    for (const url of [
      '/api/v1/no-such-thing',
      '/api/v1/deployments/1/no-such-thing',
      '/deployments/1/data/v1/no-such-thing',
      '/deployments/1/reports/2/no-such-page',
      '/favicon.ico',
    ]) {
      const answer = await server.request({
        method: 'GET',
        url,
        key: null,
        headers: { accept: 'text/html' },
      });
      expectErrorBody(answer, 'NOT_FOUND');
    }
  });
});

describe('the web pages without a build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ environment: { PLATFORM_WEB_DIR: '/nonexistent/web-dist' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 saying how to build them', async () => {
    const answer = await server.request({ method: 'GET', url: '/login', key: null });
    expectErrorBody(answer, 'SERVICE_UNAVAILABLE');
    expect((answer.body as { message: string }).message).toContain('npm run build');
  });
});
