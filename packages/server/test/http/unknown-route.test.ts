import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

const unknownRoutes: Array<[string, string]> = [
  ['GET', '/api/v1/no-such-thing'],
  ['POST', '/api/v1/no-such-thing'],
  ['DELETE', '/api/v1/users/1/no-such-thing'],
  ['PATCH', '/api/v1/users/1/no-such-thing'],
  ['GET', '/build/api/v1/no-such-thing'],
  ['GET', '/no-such-page'],
  ['GET', '/assets-elsewhere/x.js'],
  ['GET', '/favicon.ico'],
];

describe.each(storeEngines)('unknown routes on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(unknownRoutes)('answers %s %s with the JSON error body and 404', async (method, url) => {
    for (const key of [server.adminKey, null]) {
      const answer = await server.request({ method, url, key, headers: { accept: 'text/html' } });
      expectErrorBody(answer, 'NOT_FOUND', `${method} ${url}`);
      expect(answer.body).not.toHaveProperty('details');
      expect((answer.body as { message: string }).message).toContain(url);
    }
  });

  it('names the path without its query string', async () => {
    const answer = await server.request({ method: 'GET', url: '/api/v1/no-such-thing?secret=value' });
    expectErrorBody(answer, 'NOT_FOUND');
    expect((answer.body as { message: string }).message).not.toContain('secret=value');
  });

  it('never answers with HTML', async () => {
    const answer = await server.request({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(String(answer.headers['content-type'])).not.toMatch(/html/);
    expect(typeof answer.body).toBe('object');
  });
});
