import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

describe.each(storeEngines)('request ids on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends a fresh x-request-id with every successful answer', async () => {
    const first = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    const second = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    expect(first.status).toBe(200);
    expect(first.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(second.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it.each([
    ['a missing credential', { method: 'GET', url: '/api/v1/users/me', key: null }],
    ['an unknown route', { method: 'GET', url: '/api/v1/no-such-thing' }],
    ['a validation failure', { method: 'POST', url: '/api/v1/users', body: { email: 'nope' } }],
    ['a missing resource', { method: 'GET', url: '/api/v1/users/999999' }],
  ])('puts the same id in the header and the error body for %s', async (_label, request) => {
    const answer = await server.request(request);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    expect((answer.body as { requestId: string }).requestId).toBe(answer.headers['x-request-id']);
  });

  it('echoes a well-formed incoming X-Request-Id, on success and on error', async () => {
    const incoming = 'trace-4bf92f35.00f067aa:0ba9_02';
    const success = await server.request({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-request-id': incoming },
    });
    expect(success.headers['x-request-id']).toBe(incoming);
    const failure = await server.request({
      method: 'GET',
      url: '/api/v1/users/me',
      key: null,
      headers: { 'X-Request-Id': incoming },
    });
    expect(failure.headers['x-request-id']).toBe(incoming);
    expect((failure.body as { requestId: string }).requestId).toBe(incoming);
  });

  it.each([
    ['spaces', 'two words'],
    ['markup', '<script>alert(1)</script>'],
    ['encoded line breaks', 'id%0d%0ax-injected:1'],
    ['too many characters', 'a'.repeat(129)],
  ])('replaces an incoming X-Request-Id with %s by its own', async (_label, incoming) => {
    const answer = await server.request({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { 'x-request-id': incoming },
    });
    expect(answer.headers['x-request-id']).not.toBe(incoming);
    expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect((answer.body as { requestId: string }).requestId).toBe(answer.headers['x-request-id']);
  });
});
