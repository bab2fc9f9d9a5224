import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UserAttributeValuesCache,
  userAttributesTopic,
} from '../../src/modules/identity/user-attribute-values.cache.js';
import { userAttributeValuesTable } from '../../src/modules/identity/user-attributes.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface ValueItem {
  userAttributeId: number;
  name: string;
  type: string;
  value: unknown;
  isDefault: boolean;
}

describe.each(storeEngines)("users' values of user attributes on %s", (engine: StoreEngine) => {
  let server: TestServer;
  let user: { userId: number; key: string };
  const attributeIds: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer({ engine });
    user = await createUserWithKey(server, 'viewer');
    for (const [name, type, defaultValue] of [
      ['region', 'string', 'EU'],
      ['seats', 'number', undefined],
      ['is_partner', 'boolean', false],
      ['countries', 'string_array', ['FR']],
      ['store_ids', 'number_array', undefined],
    ] as const) {
      const created = await server.request({
        method: 'POST',
        url: '/api/v1/user-attributes/',
        body: { name, type, ...(defaultValue === undefined ? {} : { defaultValue }) },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      attributeIds[name] = (created.body as { id: number }).id;
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  function idOf(name: string): number {
    const id = attributeIds[name];
    if (id === undefined) throw new Error(`no attribute ${name}`);
    return id;
  }

  async function valuesOf(userId: number, key?: string) {
    const answer = await server.request({
      method: 'GET',
      url: `/api/v1/user-attribute-values/${userId}`,
      ...(key === undefined ? {} : { key }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Object.fromEntries((answer.body as { items: ValueItem[] }).items.map((item) => [item.name, item]));
  }

  function set(body: Record<string, unknown>, key?: string) {
    return server.request({
      method: 'POST',
      url: '/api/v1/user-attribute-values/',
      body,
      ...(key === undefined ? {} : { key }),
    });
  }

  it('gives every attribute of the account: the default (isDefault) until the user has a value', async () => {
    const values = await valuesOf(user.userId);
    expect(values).toEqual({
      region: {
        userAttributeId: idOf('region'),
        name: 'region',
        type: 'string',
        value: 'EU',
        isDefault: true,
      },
      seats: { userAttributeId: idOf('seats'), name: 'seats', type: 'number', value: null, isDefault: true },
      is_partner: expect.objectContaining({ value: false, isDefault: true }),
      countries: expect.objectContaining({ value: ['FR'], isDefault: true }),
      store_ids: expect.objectContaining({ value: null, isDefault: true }),
    });
  });

  it('sets a value of each type, with ids as strings as the hosted CLI sends them, and clears it', async () => {
    const wanted = { region: 'US', seats: 12, is_partner: true, countries: ['US', 'CA'], store_ids: [] };
    for (const [name, value] of Object.entries(wanted)) {
      const answer = await set({ userId: String(user.userId), userAttributeId: String(idOf(name)), value });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toEqual(expect.objectContaining({ name, value, isDefault: false }));
    }
    const values = await valuesOf(user.userId);
    for (const [name, value] of Object.entries(wanted)) {
      expect(values[name]).toMatchObject({ value, isDefault: false });
    }
    // An upsert: setting again replaces the value.
    await set({ userId: user.userId, userAttributeId: idOf('region'), value: 'APAC' });
    expect((await valuesOf(user.userId)).region).toMatchObject({ value: 'APAC', isDefault: false });

    // No value (the hosted CLI's `values set`) and null both clear it: the default applies again.
    const cleared = await set({ userId: String(user.userId), userAttributeId: String(idOf('region')) });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'region', value: 'EU', isDefault: true });
    await set({ userId: user.userId, userAttributeId: idOf('seats'), value: null });
    const after = await valuesOf(user.userId);
    expect(after.region).toMatchObject({ value: 'EU', isDefault: true });
    expect(after.seats).toMatchObject({ value: null, isDefault: true });
  });

  it('refuses a value of another type with a 400 saying what was expected, and keeps the old value', async () => {
    await set({ userId: user.userId, userAttributeId: idOf('seats'), value: 7 });
    const refusals: Array<[string, unknown, RegExp]> = [
      ['seats', '7', /seats is of type number, so the value must be a number; got "7"/],
      ['region', 3, /region is of type string, so the value must be a string; got 3/],
      ['is_partner', 'yes', /must be a boolean \(true or false\)/],
      ['countries', 'FR', /must be a list of strings; got "FR"/],
      ['countries', [1], /must be a list of strings; got \[1\]/],
      ['store_ids', ['1'], /must be a list of numbers/],
    ];
    for (const [name, value, message] of refusals) {
      const answer = await set({ userId: user.userId, userAttributeId: idOf(name), value });
      expect(errorMessageOf(answer, 'BAD_REQUEST', name)).toMatch(message);
    }
    // Not a value of any type: refused by the schema.
    expectErrorBody(
      await set({ userId: user.userId, userAttributeId: idOf('region'), value: { a: 1 } }),
      'BAD_REQUEST',
    );
    expectErrorBody(await set({ userId: 'me', userAttributeId: idOf('region'), value: 'x' }), 'BAD_REQUEST');
    expect((await valuesOf(user.userId)).seats).toMatchObject({ value: 7, isDefault: false });
  });

  it("lets a user read their own values; reading another user's and writing need UsersManage", async () => {
    const other = await createUserWithKey(server, 'developer');
    expect(Object.keys(await valuesOf(user.userId, user.key)).length).toBe(5);
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `/api/v1/user-attribute-values/${other.userId}`,
        key: user.key,
      }),
      'FORBIDDEN',
    );
    for (const key of [user.key, other.key]) {
      expectErrorBody(
        await set({ userId: user.userId, userAttributeId: idOf('region'), value: 'US' }, key),
        'FORBIDDEN',
      );
      expectErrorBody(
        await set({ userId: other.userId, userAttributeId: idOf('region'), value: 'US' }, key),
        'FORBIDDEN',
      );
    }
    expect((await valuesOf(user.userId)).region).toMatchObject({ value: 'EU', isDefault: true });
  });

  it("answers 404 for another account's user or attribute, and for unknown ids", async () => {
    const otherAccount = await createOtherAccount(server);
    const foreign = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'region' },
      key: otherAccount.adminKey,
    });
    const foreignAttributeId = (foreign.body as { id: number }).id;
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `/api/v1/user-attribute-values/${user.userId}`,
        key: otherAccount.adminKey,
      }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await set(
        { userId: user.userId, userAttributeId: foreignAttributeId, value: 'US' },
        otherAccount.adminKey,
      ),
      'NOT_FOUND',
    );
    expectErrorBody(
      await set({ userId: user.userId, userAttributeId: foreignAttributeId, value: 'US' }),
      'NOT_FOUND',
    );
    expectErrorBody(await set({ userId: 999999, userAttributeId: idOf('region'), value: 'US' }), 'NOT_FOUND');
    expectErrorBody(
      await server.request({ method: 'GET', url: '/api/v1/user-attribute-values/999999' }),
      'NOT_FOUND',
    );
  });

  it('removes the values of a deleted attribute and of a deleted user', async () => {
    const doomedUser = await createUserWithKey(server, 'viewer');
    const doomed = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'doomed', type: 'number' },
    });
    const doomedId = (doomed.body as { id: number }).id;
    for (const userId of [user.userId, doomedUser.userId]) {
      expect((await set({ userId, userAttributeId: doomedId, value: 1 })).status).toBe(200);
    }
    await set({ userId: doomedUser.userId, userAttributeId: idOf('region'), value: 'US' });
    const database = server.container.platform.store.database;
    const rowsOf = (column: 'userAttributeId' | 'userId', id: number) =>
      database.select().from(userAttributeValuesTable).where(eq(userAttributeValuesTable[column], id));
    expect(await rowsOf('userAttributeId', doomedId)).toHaveLength(2);

    expect(
      (await server.request({ method: 'DELETE', url: `/api/v1/user-attributes/${doomedId}` })).status,
    ).toBe(204);
    expect(await rowsOf('userAttributeId', doomedId)).toEqual([]);
    expect(await valuesOf(user.userId)).not.toHaveProperty('doomed');

    expect(await rowsOf('userId', doomedUser.userId)).toHaveLength(1);
    expect(
      (await server.request({ method: 'DELETE', url: `/api/v1/users/${doomedUser.userId}` })).status,
    ).toBe(200);
    expect(await rowsOf('userId', doomedUser.userId)).toEqual([]);
  });
});

describe('the per-process cache of the values access policies read', () => {
  let server: TestServer;
  let accountId: number;
  let userId: number;
  let attributeId: number;

  beforeAll(async () => {
    server = await startTestServer();
    userId = (await createUserWithKey(server, 'viewer')).userId;
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    accountId = (me.body as { account: { id: number } }).account.id;
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'tier', type: 'string', defaultValue: 'free' },
    });
    attributeId = (created.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const database = () => server.container.platform.store.database;
  const writeDirectly = (value: string) =>
    database().insert(userAttributeValuesTable).values({ userAttributeId: attributeId, userId, value });
  const removeDirectly = () =>
    database().delete(userAttributeValuesTable).where(eq(userAttributeValuesTable.userId, userId));

  it('keeps values until the account changes, in this process and through the feed', async () => {
    const { userAttributes } = server.container.services;
    expect(await userAttributes.policyValuesOf(accountId, userId)).toEqual({ tier: 'free' });
    await writeDirectly('gold');
    expect(
      await userAttributes.policyValuesOf(accountId, userId),
      'cached: a direct write is not seen',
    ).toEqual({
      tier: 'free',
    });
    await server.container.platform.changeFeed.publish(userAttributesTopic(accountId));
    expect(await userAttributes.policyValuesOf(accountId, userId)).toEqual({ tier: 'gold' });
    // Through the API, the change is published: the next read sees it.
    const cleared = await server.request({
      method: 'POST',
      url: '/api/v1/user-attribute-values',
      body: { userId, userAttributeId: attributeId },
    });
    expect(cleared.status).toBe(200);
    expect(await userAttributes.policyValuesOf(accountId, userId)).toEqual({ tier: 'free' });
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new UserAttributeValuesCache(database(), 60_000);
    await writeDirectly('gold');
    const reading = cache.of(accountId, userId);
    // The change lands while the read is in flight (the feed delivers synchronously).
    cache.handleChange(userAttributesTopic(accountId));
    expect(await reading).toEqual({ tier: 'gold' });
    await removeDirectly();
    expect(await cache.of(accountId, userId), 'the overtaken read was not cached').toEqual({ tier: 'free' });
    await writeDirectly('silver');
    expect(await cache.of(accountId, userId), 'the last read was').toEqual({ tier: 'free' });
    cache.handleChange(`user:${userId}`);
    expect(await cache.of(accountId, userId)).toEqual({ tier: 'silver' });
    cache.handleChange('*');
    await removeDirectly();
    expect(await cache.of(accountId, userId)).toEqual({ tier: 'free' });
  });
});
