import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

/** Polls until the check passes or the time is up; the change feed delivers asynchronously. */
async function eventually(check: () => Promise<boolean>, milliseconds = 3000): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

// Caches that would otherwise hold for an hour: only the change feed can make the changes visible.
const longCaches = { PLATFORM_CREDENTIAL_CACHE_SECONDS: '3600' };

describe.each(storeEngines)('cached reads follow changes at once on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, environment: longCaches });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a key in the same request after its user is deactivated, although the key was cached', async () => {
    const { userId, key } = await createUserWithKey(server, 'viewer');
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key })).status).toBe(200);
    await server.request({ method: 'PUT', url: `/api/v1/users/${userId}`, body: { status: 'inactive' } });
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key })).status).toBe(401);
  });

  it('lists a new, changed or deleted deployment right after the change', async () => {
    const names = async () =>
      (
        (await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' })).body as {
          items: Array<{ id: number; name: string }>;
        }
      ).items;
    await names();
    const created = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name: 'fresh' },
    });
    const id = (created.body as { id: number }).id;
    expect((await names()).map((item) => item.name)).toContain('fresh');
    await server.request({ method: 'PUT', url: `/api/v1/deployments/${id}`, body: { name: 'renamed' } });
    expect((await names()).find((item) => item.id === id)?.name).toBe('renamed');
    await server.request({ method: 'DELETE', url: `/api/v1/deployments/${id}` });
    expect((await names()).map((item) => item.id)).not.toContain(id);
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes sharing PostgreSQL', () => {
  let first: TestServer;
  let second: Container;
  let secondApp: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    first = await startTestServer({ engine: 'postgres', environment: longCaches });
    // A second server on the same database and schema, as a second process would be.
    second = await createContainer(first.config, createLogger('warn'), { isInMemory: true });
    await second.start({ writeKeyFile: false });
    secondApp = buildApp(second);
    await secondApp.ready();
  });
  afterAll(async () => {
    await secondApp?.close();
    await second?.close();
    await first?.close();
  });

  const onSecond = async (url: string, key: string) =>
    secondApp.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('stops a key on the other process as soon as its user is deactivated or the key deleted', async () => {
    const viewer = await createUserWithKey(first, 'viewer');
    expect((await onSecond('/api/v1/users/me', viewer.key)).statusCode).toBe(200);
    await first.request({
      method: 'PUT',
      url: `/api/v1/users/${viewer.userId}`,
      body: { status: 'inactive' },
    });
    expect(
      await eventually(async () => (await onSecond('/api/v1/users/me', viewer.key)).statusCode === 401),
    ).toBe(true);

    const created = await first.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'doomed' },
    });
    const { id, token } = created.body as { id: number; token: string };
    expect((await onSecond('/api/v1/users/me', token)).statusCode).toBe(200);
    await first.request({ method: 'DELETE', url: `/api/v1/api-keys/${id}` });
    expect(await eventually(async () => (await onSecond('/api/v1/users/me', token)).statusCode === 401)).toBe(
      true,
    );
  });

  it('shows the other process a deployment created on this one', async () => {
    const listOnSecond = async () =>
      (
        (await onSecond('/api/v1/deployments?first=100', first.adminKey)).json() as {
          items: Array<{ name: string }>;
        }
      ).items;
    expect((await listOnSecond()).map((item) => item.name)).not.toContain('from-first');
    await first.request({ method: 'POST', url: '/build/api/v1/deployments', body: { name: 'from-first' } });
    expect(
      await eventually(async () => (await listOnSecond()).some((item) => item.name === 'from-first')),
    ).toBe(true);
  });
});
