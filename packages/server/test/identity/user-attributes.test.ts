import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
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
    // In the order of creation (by id), as every paged list.
    expect((listed.body as { items: UserAttribute[] }).items.map((item) => item.name)).toEqual([
      'region',
      'access_level',
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

  it('gets one, changes its label, description and default, and never its name or type', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: {
        name: 'seats',
        type: 'number',
        displayName: 'Seats',
        description: 'Licensed seats',
        defaultValue: 3,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as UserAttribute).id;
    const fetched = await server.request({ method: 'GET', url: `/api/v1/user-attributes/${id}/` });
    expect(fetched.body).toMatchObject({
      id,
      name: 'seats',
      type: 'number',
      displayName: 'Seats',
      description: 'Licensed seats',
      defaultValue: 3,
    });

    const updated = await server.request({
      method: 'PUT',
      url: `/api/v1/user-attributes/${id}/`,
      body: { displayName: 'Seat count', defaultValue: 5 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'seats',
      displayName: 'Seat count',
      description: 'Licensed seats',
      defaultValue: 5,
    });
    const cleared = await server.request({
      method: 'PUT',
      url: `/api/v1/user-attributes/${id}`,
      body: { description: null, defaultValue: null },
    });
    expect(cleared.body).toMatchObject({ displayName: 'Seat count', description: null, defaultValue: null });

    for (const body of [{ name: 'renamed' }, { type: 'string' }, { name: 'seats', displayName: 'x' }]) {
      const refused = await server.request({ method: 'PUT', url: `/api/v1/user-attributes/${id}`, body });
      expect(errorMessageOf(refused, 'BAD_REQUEST', JSON.stringify(body))).toMatch(
        /name and type of a user attribute cannot change/,
      );
    }
    const wrongDefault = await server.request({
      method: 'PUT',
      url: `/api/v1/user-attributes/${id}`,
      body: { defaultValue: 'five' },
    });
    expect(errorMessageOf(wrongDefault, 'BAD_REQUEST')).toMatch(
      /defaultValue: .*type number.*a number; got "five"/,
    );
    // Refused updates changed nothing.
    const after = await server.request({ method: 'GET', url: `/api/v1/user-attributes/${id}` });
    expect(after.body).toMatchObject({
      name: 'seats',
      type: 'number',
      displayName: 'Seat count',
      defaultValue: null,
    });

    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/user-attributes/999999' }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({
        method: 'PUT',
        url: '/api/v1/user-attributes/999999',
        body: { displayName: 'x' },
      }),
      'NOT_FOUND',
    );
  });

  it('filters by name and type, and pages by cursor and by offset', async () => {
    for (const name of ['page_a', 'page_b', 'page_c']) {
      await server.request({
        method: 'POST',
        url: '/api/v1/user-attributes',
        body: { name, type: 'boolean' },
      });
    }
    const all = await server.request({
      method: 'GET',
      url: '/api/v1/user-attributes?type=boolean&first=100',
    });
    const names = (all.body as { items: UserAttribute[] }).items.map((item) => item.name);
    expect(names).toEqual(['page_a', 'page_b', 'page_c']);
    const first = await server.request({
      method: 'GET',
      url: '/api/v1/user-attributes?type=boolean&first=2',
    });
    const firstPage = first.body as {
      items: UserAttribute[];
      pageInfo: { endCursor: string; hasNextPage: boolean };
    };
    expect(firstPage.items.map((item) => item.name)).toEqual(['page_a', 'page_b']);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const second = await server.request({
      method: 'GET',
      url: `/api/v1/user-attributes?type=boolean&first=2&after=${firstPage.pageInfo.endCursor}`,
    });
    expect(second.body).toMatchObject({ items: [{ name: 'page_c' }], pageInfo: { hasNextPage: false } });
    // The hosted CLI's form: offset, limit and first together.
    const byOffset = await server.request({
      method: 'GET',
      url: '/api/v1/user-attributes/?offset=1&limit=1&first=50&type=boolean',
    });
    expect((byOffset.body as { items: UserAttribute[] }).items.map((item) => item.name)).toEqual(['page_b']);
    const byName = await server.request({ method: 'GET', url: '/api/v1/user-attributes?name=page_b' });
    expect((byName.body as { items: UserAttribute[] }).items.map((item) => item.name)).toEqual(['page_b']);
    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/user-attributes?type=date' }),
      'BAD_REQUEST',
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
    expect(otherList.body).toEqual({ items: [], pageInfo: { endCursor: null, hasNextPage: false } });
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
