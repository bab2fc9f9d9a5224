import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

describe.each(storeEngines)('users and api keys on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells the caller who they are', async () => {
    const response = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: 'admin@localhost',
      role: 'admin',
      account: { name: 'default' },
      credential: { type: 'api-key', role: 'admin', deploymentIds: null },
    });
  });

  it('accepts Bearer, Api-Key and bare credentials, and refuses others with 401', async () => {
    for (const authorization of [
      `Bearer ${server.adminKey}`,
      `Api-Key ${server.adminKey}`,
      server.adminKey,
    ]) {
      const response = await server.request({
        method: 'GET',
        url: '/api/v1/users/me',
        key: null,
        headers: { authorization },
      });
      expect(response.status, authorization.slice(0, 8)).toBe(200);
    }
    for (const authorization of ['Basic abc', 'Bearer sk-unknownunknownunknown', 'Bearer', 'Bearer a b']) {
      const response = await server.request({
        method: 'GET',
        url: '/api/v1/users/me',
        key: null,
        headers: { authorization },
      });
      expect(response.status, authorization).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('creates users, refuses duplicates with 409, and validates input with 400', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'Ann@Example.com', role: 'developer' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'ann@example.com', role: 'developer', status: 'active' });
    const duplicate = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'ann@example.com' },
    });
    expect(duplicate.status).toBe(409);
    const invalid = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      body: { email: 'nope', role: 'king' },
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { message: string }).message).toMatch(/email/);
    expect((invalid.body as { message: string }).message).toMatch(/role/);
  });

  it("stops a deactivated user's keys at once, and lets them work again on activation", async () => {
    const { userId, key } = await createUserWithKey(server, 'developer');
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key })).status).toBe(200);
    const deactivated = await server.request({
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      body: { status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key })).status).toBe(401);
    await server.request({ method: 'PUT', url: `/api/v1/users/${userId}`, body: { status: 'active' } });
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key })).status).toBe(200);
  });

  it('applies bulk actions per user and reports each failure', async () => {
    const first = await createUserWithKey(server, 'viewer');
    const second = await createUserWithKey(server, 'viewer');
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as { id: number };
    const response = await server.request({
      method: 'POST',
      url: '/api/v1/users/bulk',
      body: { action: 'DEACTIVATE', userIds: [first.userId, second.userId, 999_999, me.id] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ action: 'DEACTIVATE', succeeded: [first.userId, second.userId] });
    const failed = (response.body as { failed: Array<{ id: number; error: { status: number } }> }).failed;
    expect(failed).toEqual([
      { id: 999_999, error: { status: 404, message: 'user 999999 not found' } },
      { id: me.id, error: { status: 409, message: expect.stringMatching(/own user/) } },
    ]);
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key: first.key })).status).toBe(
      401,
    );
    const deleted = await server.request({
      method: 'POST',
      url: '/api/v1/users/bulk',
      body: { action: 'DELETE', userIds: [first.userId] },
    });
    expect(deleted.body).toMatchObject({ succeeded: [first.userId], failed: [] });
    expect((await server.request({ method: 'GET', url: `/api/v1/users/${first.userId}` })).status).toBe(404);
  });

  it('pages users with a cursor', async () => {
    for (let index = 0; index < 3; index += 1) await createUserWithKey(server, 'viewer');
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/users?first=2${after ? `&after=${after}` : ''}`;
      const page = (await server.request({ method: 'GET', url })).body as {
        items: Array<{ id: number }>;
        pageInfo: { endCursor: string | null; hasNextPage: boolean };
      };
      seen.push(...page.items.map((item) => item.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((left, right) => left - right));
    expect((await server.request({ method: 'GET', url: '/api/v1/users?after=garbage' })).status).toBe(400);
  });

  it('shows a new key once, stores only its hash, and stops it when deleted', async () => {
    const created = await server.request({ method: 'POST', url: '/api/v1/api-keys', body: { name: 'ci' } });
    expect(created.status).toBe(201);
    const { id, token, prefix } = created.body as { id: number; token: string; prefix: string };
    expect(token).toMatch(/^sk-/);
    expect(token.startsWith(prefix)).toBe(true);
    const fetched = await server.request({ method: 'GET', url: `/api/v1/api-keys/${id}` });
    expect(fetched.body).not.toHaveProperty('token');
    expect(JSON.stringify(fetched.body)).not.toContain(token);
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key: token })).status).toBe(200);
    expect((await server.request({ method: 'DELETE', url: `/api/v1/api-keys/${id}` })).status).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key: token })).status).toBe(401);
    expect(server.logLines.join('')).not.toContain(token);
  });

  it('never lets a key carry more than its user, and refuses expired keys', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const upgrade = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      key: viewer.key,
      body: { name: 'x', role: 'admin' },
    });
    expect(upgrade.status).toBe(400);
    const limited = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'read only', role: 'viewer' },
    });
    const limitedKey = (limited.body as { token: string }).token;
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me', key: limitedKey });
    expect(me.body).toMatchObject({ role: 'admin', credential: { role: 'viewer' } });
    expect(
      (
        await server.request({
          method: 'POST',
          url: '/api/v1/users',
          key: limitedKey,
          body: { email: 'z@example.com' },
        })
      ).status,
    ).toBe(403);
    const past = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'old', expiresAt: '2000-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
  });

  it('writes denials and changes to the audit log, with who, what and why', async () => {
    const viewer = await createUserWithKey(server, 'viewer');
    const denied = await server.request({
      method: 'POST',
      url: '/api/v1/users',
      key: viewer.key,
      body: { email: 'q@example.com' },
    });
    expect(denied.status).toBe(403);
    const auditLines = server.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.audit === true);
    expect(auditLines).toContainEqual(
      expect.objectContaining({
        decision: 'denied',
        action: 'UsersManage',
        userId: viewer.userId,
        reason: 'role viewer',
      }),
    );
    expect(auditLines).toContainEqual(
      expect.objectContaining({ decision: 'allowed', action: 'UsersManage' }),
    );
  });

  it('takes path ids only as plain decimal numbers', async () => {
    for (const id of ['1e0', '0x1', '+1', '1.0', '0']) {
      const response = await server.request({ method: 'GET', url: `/api/v1/users/${id}` });
      expect(response.status, id).toBe(400);
      expect((response.body as { message: string }).message).toMatch(
        /userId: must be a positive whole number/,
      );
    }
    expect((await server.request({ method: 'GET', url: '/api/v1/users/1' })).status).toBe(200);
  });

  it('scopes a key only to deployments of its own account', async () => {
    const other = await createOtherAccount(server);
    const otherDeployment = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      key: other.adminKey,
      body: { name: 'theirs' },
    });
    const theirId = (otherDeployment.body as { id: number }).id;
    const refused = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'sneaky', deploymentIds: [theirId] },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe(`no deployment with id ${theirId}`);
    const ours = (await server.request({ method: 'GET', url: '/api/v1/deployments' })).body as {
      items: Array<{ id: number }>;
    };
    const ourId = ours.items[0]?.id as number;
    const scoped = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'ok', deploymentIds: [ourId] },
    });
    expect(scoped.status).toBe(201);
    expect(scoped.body).toMatchObject({ deploymentIds: [ourId] });
  });
});
