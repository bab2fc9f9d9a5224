import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

const bodyLimitBytes = 2048;

function messageOf(answer: { body: unknown }): string {
  return (answer.body as { message: string }).message;
}

describe.each(storeEngines)('request bodies on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      engine,
      environment: { PLATFORM_BODY_LIMIT_BYTES: String(bodyLimitBytes) },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a body that is not valid JSON with 400 and says so', async () => {
    const answer = await server.request({ method: 'POST', url: '/api/v1/users', body: '{"email": "a@b.c",' });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect(messageOf(answer)).toMatch(/not valid JSON/i);
  });

  it('refuses an empty body sent as JSON with 400', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'content-type': 'application/json' },
    });
    expectErrorBody(answer, 'BAD_REQUEST');
  });

  it('reads an empty body sent as JSON on a body-less POST or DELETE as no body', async () => {
    const deployments = await server.request({ method: 'GET', url: '/api/v1/deployments?first=1' });
    const deploymentId = (deployments.body as { items: Array<{ id: number }> }).items[0]?.id;
    const key = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'empty body' },
    });
    const keyId = (key.body as { id: number }).id;
    for (const [method, url, status] of [
      ['POST', `/build/api/v1/deployments/${deploymentId}/dev-mode`, 200],
      ['DELETE', `/build/api/v1/deployments/${deploymentId}/dev-mode`, 200],
      ['POST', `/api/v1/deployments/${deploymentId}/creation-step/reset`, 200],
      ['POST', `/api/v1/deployments/${deploymentId}/token`, 200],
      ['DELETE', `/api/v1/api-keys/${keyId}`, 200],
    ] as const) {
      for (const payload of ['', ' \r\n']) {
        const answer = await server.app.inject({
          method,
          url,
          headers: {
            authorization: `Bearer ${server.adminKey}`,
            'content-type': 'application/json',
            'content-length': String(payload.length),
          },
          payload,
        });
        // Deleting the key twice: the second time it is gone (404), which is still past body parsing.
        const expected = method === 'DELETE' && url.includes('api-keys') && payload !== '' ? 404 : status;
        expect(answer.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${answer.body}`).toBe(
          expected,
        );
      }
    }
  });

  it('refuses a required body that is missing with 400', async () => {
    const answer = await server.request({ method: 'POST', url: '/api/v1/users' });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect(messageOf(answer)).toMatch(/body/);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'refuses a body sent as %s with 415 and names the accepted type',
    async (contentType) => {
      const answer = await server.request({
        method: 'POST',
        url: '/api/v1/users',
        body: 'email=a@example.com',
        headers: { 'content-type': contentType },
      });
      expectErrorBody(answer, 'UNSUPPORTED_MEDIA_TYPE');
      expect(messageOf(answer)).toContain('application/json');
    },
  );

  it('accepts JSON with a charset parameter', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'charset@example.com' },
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(201);
  });

  it('refuses a body over the limit with 413 and names the limit', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'large@example.com', name: 'x'.repeat(bodyLimitBytes) },
    });
    expectErrorBody(answer, 'PAYLOAD_TOO_LARGE');
    expect(messageOf(answer)).toContain(String(bodyLimitBytes));
  });

  it('reads a body under the limit', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'under-limit@example.com', name: 'x'.repeat(150) },
    });
    expect(answer.status).toBe(201);
  });

  it('names every bad field of a body at once', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: '', role: 'king', deploymentIds: [0], expiresAt: 'tomorrow', colour: 'red' },
    });
    expectErrorBody(answer, 'BAD_REQUEST');
    const message = messageOf(answer);
    for (const field of ['name', 'role', 'deploymentIds.0', 'expiresAt', 'colour']) {
      expect(message).toContain(field);
    }
    const issues = (answer.body as { details: { issues: Array<{ location: string }> } }).details.issues;
    expect(issues.length).toBeGreaterThanOrEqual(5);
  });

  it('names bad fields of the path, the query and the body together', async () => {
    const answer = await server.request({
      method: 'PUT',
      url: '/api/v1/users/abc',
      body: { role: 'king', status: 'gone' },
    });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect(messageOf(answer)).toMatch(/path userId/);
    expect(messageOf(answer)).toMatch(/body role/);
    expect(messageOf(answer)).toMatch(/body status/);
    const query = await server.request({ method: 'GET', url: '/api/v1/users?first=0&status=gone' });
    expectErrorBody(query, 'BAD_REQUEST');
    expect(messageOf(query)).toMatch(/query first/);
    expect(messageOf(query)).toMatch(/query status/);
  });
});
