import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

describe.each(storeEngines)('health probes on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['/healthz', { status: 'ok' }],
    ['/readyz', { status: 'ready', checks: { store: 'ok', warehouses: 'ok' } }],
  ])('answers %s with 200 without a credential', async (url, expected) => {
    const headerSets: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-key' }];
    for (const headers of headerSets) {
      const answer = await server.request({ method: 'GET', url, key: null, headers });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(expected);
      expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    }
  });
});
