import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface UserAttribute {
  id: number;
  name: string;
  type: string;
  createdAt: string;
}

describe.each(storeEngines)('user attributes of an account on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('defines, lists and deletes attributes, and tells the chat module their names', async () => {
    const region = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'region' },
    });
    expect(region.status).toBe(201);
    expect(region.body).toMatchObject({ name: 'region', type: 'string' });
    const level = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'access_level', type: 'number' },
    });
    expect(level.body).toMatchObject({ name: 'access_level', type: 'number' });
    const listed = await server.request({ method: 'GET', url: '/api/v1/user-attributes' });
    expect((listed.body as { items: UserAttribute[] }).items.map((item) => item.name)).toEqual([
      'access_level',
      'region',
    ]);
    const account = await server.container.services.accounts.accountByName('default');
    expect(account).not.toBeNull();
    const accountId = account?.id ?? 0;
    expect([...(await server.container.services.userAttributes.namesOf(accountId))].sort()).toEqual([
      'access_level',
      'region',
    ]);

    const id = (region.body as UserAttribute).id;
    const deleted = await server.request({ method: 'DELETE', url: `/api/v1/user-attributes/${id}` });
    expect(deleted.status).toBe(204);
    expect([...(await server.container.services.userAttributes.namesOf(accountId))]).toEqual([
      'access_level',
    ]);
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `/api/v1/user-attributes/${id}` }),
      'NOT_FOUND',
    );
  });

  it('refuses duplicate and malformed names', async () => {
    await server.request({ method: 'POST', url: '/api/v1/user-attributes', body: { name: 'team' } });
    expectErrorBody(
      await server.request({ method: 'POST', url: '/api/v1/user-attributes', body: { name: 'team' } }),
      'CONFLICT',
    );
    for (const name of ['Team', '1team', 'team-name', '', 'a'.repeat(64)]) {
      const answer = await server.request({ method: 'POST', url: '/api/v1/user-attributes', body: { name } });
      expectErrorBody(answer, 'BAD_REQUEST', name);
      expect(JSON.stringify(answer.body)).toContain('name');
    }
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: '/api/v1/user-attributes',
        body: { name: 'x', type: 'date' },
      }),
      'BAD_REQUEST',
    );
  });

  it('keeps accounts apart, lets anyone list, and needs UsersManage to change', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'plan' },
    });
    const id = (created.body as UserAttribute).id;
    const other = await createOtherAccount(server);
    const otherList = await server.request({
      method: 'GET',
      url: '/api/v1/user-attributes',
      key: other.adminKey,
    });
    expect(otherList.body).toEqual({ items: [] });
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `/api/v1/user-attributes/${id}`, key: other.adminKey }),
      'NOT_FOUND',
    );
    // Another account may define the same name.
    const sameName = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'plan' },
      key: other.adminKey,
    });
    expect(sameName.status).toBe(201);

    const developer = await createUserWithKey(server, 'developer');
    const viewer = await createUserWithKey(server, 'viewer');
    expect(
      (await server.request({ method: 'GET', url: '/api/v1/user-attributes', key: viewer.key })).status,
    ).toBe(200);
    for (const key of [developer.key, viewer.key]) {
      expectErrorBody(
        await server.request({ method: 'POST', url: '/api/v1/user-attributes', body: { name: 'nope' }, key }),
        'FORBIDDEN',
      );
      expectErrorBody(
        await server.request({ method: 'DELETE', url: `/api/v1/user-attributes/${id}`, key }),
        'FORBIDDEN',
      );
    }
  });
});
