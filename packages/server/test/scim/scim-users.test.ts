import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { expectScimError, patchOf, scimClient } from './scim-test-client.js';

const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';

describe.each(storeEngines)('SCIM users on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let scim: ReturnType<typeof scimClient>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    scim = scimClient(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  function oktaUser(userName: string, extra: Record<string, unknown> = {}) {
    return {
      schemas: [userSchema],
      userName,
      name: { givenName: 'Mary Ann', familyName: 'Smith' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Mary Ann Smith',
      locale: 'en-US',
      externalId: '00u1abcd',
      groups: [],
      password: 'ignored',
      active: true,
      ...extra,
    };
  }

  async function keyWorks(key: string): Promise<number> {
    return (await server.request({ method: 'GET', url: '/api/v1/users/me', key })).status;
  }

  async function signInStatus(key: string): Promise<number> {
    return (await server.request({ method: 'POST', url: '/auth/login', key: null, body: { apiKey: key } }))
      .status;
  }

  it('provisions, deactivates and reactivates a user as Okta and Azure AD do', async () => {
    // 1. Is the user there? (the provider looks them up first)
    const lookUp = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "mary@example.com"')}&startIndex=1&count=100`,
    );
    expect(lookUp.status).toBe(200);
    expect(String(lookUp.headers['content-type'])).toMatch(/^application\/scim\+json/);
    expect(lookUp.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });
    // 2. Create them.
    const created = await scim('POST', '/Users', oktaUser('Mary@Example.com'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      schemas: [userSchema],
      id: expect.stringMatching(/^[0-9]+$/),
      externalId: '00u1abcd',
      userName: 'mary@example.com',
      name: { givenName: 'Mary Ann', familyName: 'Smith', formatted: 'Mary Ann Smith' },
      emails: [{ value: 'mary@example.com', type: 'work', primary: true }],
      active: true,
      meta: {
        resourceType: 'User',
        created: expect.any(String),
        lastModified: expect.any(String),
        location: expect.stringMatching(new RegExp(`/api/scim/v2/Users/${id}$`)),
      },
    });
    expect(created.body).not.toHaveProperty('password');
    const managed = await server.request({ method: 'GET', url: `/api/v1/users/${id}` });
    expect(managed.body).toMatchObject({
      email: 'mary@example.com',
      name: 'Mary Ann Smith',
      role: 'viewer',
      status: 'active',
    });
    // The found user, by each filter a provider uses.
    for (const filter of [
      'userName eq "MARY@example.com"',
      'externalId eq "00u1abcd"',
      'emails.value eq "mary@example.com"',
      'USERNAME EQ "mary@example.com"',
    ]) {
      const found = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(found.body, filter).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    }
    // The user gets a key (the management API) and uses it.
    const key = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'mary', userId: Number(id) },
    });
    const token = (key.body as { token: string }).token;
    expect(await keyWorks(token)).toBe(200);
    expect(await signInStatus(token)).toBe(204);
    // 3. Deactivated, as Azure AD sends it: a capitalised op and a string boolean.
    const deactivated = await scim(
      'PATCH',
      `/Users/${id}`,
      patchOf({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(deactivated.body).toMatchObject({ id, active: false });
    expect(await keyWorks(token)).toBe(401);
    expect(await signInStatus(token)).toBe(401);
    // 4. Reactivated, as Okta sends it: no path, a value object.
    const reactivated = await scim(
      'PATCH',
      `/Users/${id}`,
      patchOf({ op: 'replace', value: { active: true } }),
    );
    expect(reactivated.body).toMatchObject({ id, active: true });
    expect(await keyWorks(token)).toBe(200);
    expect(await signInStatus(token)).toBe(204);
    // 5. Deprovisioned.
    const deleted = await scim('DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    expect(await keyWorks(token)).toBe(401);
    expectScimError(await scim('GET', `/Users/${id}`), 404);
  });

  it('creates a user deactivated, and answers a taken userName with 409 uniqueness', async () => {
    const created = await scim('POST', '/Users', oktaUser('inactive@example.com', { active: false }));
    expect(created.body).toMatchObject({ active: false });
    const managed = await server.request({ method: 'GET', url: `/api/v1/users/${created.body.id}` });
    expect(managed.body).toMatchObject({ status: 'inactive' });
    expectScimError(await scim('POST', '/Users', oktaUser('INACTIVE@example.com')), 409, 'uniqueness');
  });

  it('patches names and externalId by path, and ignores attributes it does not keep', async () => {
    const created = await scim('POST', '/Users', oktaUser('patch@example.com'));
    const id = created.body.id as string;
    const patched = await scim(
      'PATCH',
      `/Users/${id}`,
      patchOf(
        { op: 'replace', path: 'name.givenName', value: 'Anne' },
        { op: 'Add', path: 'name.familyName', value: 'Jones' },
        { op: 'replace', path: 'externalId', value: 'ext-2' },
        { op: 'add', path: 'title', value: 'Engineer' },
        {
          op: 'replace',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'R&D',
        },
        { op: 'replace', value: { 'name.givenName': 'Annie', displayName: 'ignored while names are given' } },
      ),
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      name: { givenName: 'Annie', familyName: 'Jones', formatted: 'Annie Jones' },
      externalId: 'ext-2',
    });
    const removed = await scim('PATCH', `/Users/${id}`, patchOf({ op: 'remove', path: 'externalId' }));
    expect(removed.body).not.toHaveProperty('externalId');
    expectScimError(
      await scim('PATCH', `/Users/${id}`, patchOf({ op: 'remove', path: 'userName' })),
      400,
      'mutability',
    );
    expectScimError(
      await scim('PATCH', `/Users/${id}`, patchOf({ op: 'replace', path: 'active', value: 'maybe' })),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(
        'PATCH',
        `/Users/${id}`,
        patchOf({ op: 'replace', path: 'name.givenName', value: 'x'.repeat(101) }),
      ),
      400,
      'invalidValue',
    );
    expectScimError(await scim('PATCH', `/Users/${id}`, patchOf({ op: 'remove' })), 400, 'noTarget');
    expectScimError(
      await scim('PATCH', `/Users/${id}`, patchOf({ op: 'move', path: 'active', value: true })),
      400,
      'invalidValue',
    );
    // A bad operation among good ones changes nothing.
    const mixed = await scim(
      'PATCH',
      `/Users/${id}`,
      patchOf(
        { op: 'replace', path: 'active', value: false },
        { op: 'replace', path: 'userName', value: 'not an e-mail' },
      ),
    );
    expectScimError(mixed, 400, 'invalidValue');
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({
      active: true,
      userName: 'patch@example.com',
    });
  });

  it('replaces a user with PUT, renaming them and clearing what is left out', async () => {
    const created = await scim('POST', '/Users', oktaUser('put@example.com'));
    const id = created.body.id as string;
    const replaced = await scim('PUT', `/Users/${id}`, {
      schemas: [userSchema],
      id,
      userName: 'put.renamed@example.com',
      name: { givenName: 'Pat' },
      active: false,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      userName: 'put.renamed@example.com',
      name: { givenName: 'Pat', formatted: 'Pat' },
      active: false,
    });
    expect(replaced.body).not.toHaveProperty('externalId');
    await scim('POST', '/Users', oktaUser('taken@example.com', { externalId: 'other' }));
    expectScimError(await scim('PUT', `/Users/${id}`, { userName: 'taken@example.com' }), 409, 'uniqueness');
    expectScimError(await scim('PUT', '/Users/999999', { userName: 'nobody@example.com' }), 404);
  });

  it('pages with startIndex and count, and refuses filters it does not take', async () => {
    const before = await scim('GET', '/Users?count=0');
    const total = before.body.totalResults as number;
    expect(before.body).toMatchObject({ itemsPerPage: 0, Resources: [] });
    for (let index = 0; index < 5; index += 1)
      await scim('POST', '/Users', oktaUser(`paged-${index}@example.com`, { externalId: `paged-${index}` }));
    const all = await scim('GET', '/Users');
    expect(all.body.totalResults).toBe(total + 5);
    const allIds = (all.body.Resources as Array<{ id: string }>).map((user) => user.id);
    const page = await scim('GET', `/Users?startIndex=2&count=3`);
    expect(page.body).toMatchObject({ totalResults: total + 5, startIndex: 2, itemsPerPage: 3 });
    expect((page.body.Resources as Array<{ id: string }>).map((user) => user.id)).toEqual(allIds.slice(1, 4));
    const last = await scim('GET', `/Users?startIndex=${total + 5}&count=10`);
    expect(last.body).toMatchObject({ itemsPerPage: 1 });
    const beyond = await scim('GET', `/Users?startIndex=${total + 50}`);
    expect(beyond.body).toMatchObject({ totalResults: total + 5, itemsPerPage: 0, Resources: [] });
    const belowOne = await scim('GET', '/Users?startIndex=-4&count=1');
    expect(belowOne.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
    for (const filter of [
      'userName co "paged"',
      'displayName eq "x"',
      'userName eq paged',
      'userName eq "a" or userName eq "b"',
      '',
    ]) {
      expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    }
    expectScimError(await scim('GET', '/Users?startIndex=two'), 400, 'invalidValue');
  });

  it('answers bad bodies with SCIM 400s and changes nothing', async () => {
    const before = (await scim('GET', '/Users?count=0')).body.totalResults;
    expectScimError(await scim('POST', '/Users', { userName: 'nul\u0000@example.com' }), 400);
    expectScimError(
      await scim('POST', '/Users', oktaUser('long@example.com', { externalId: 'x'.repeat(256) })),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('POST', '/Users', oktaUser('long@example.com', { name: { givenName: 'x'.repeat(101) } })),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('POST', '/Users', oktaUser(`${'x'.repeat(400)}@example.com`)),
      400,
      'invalidValue',
    );
    expectScimError(await scim('POST', '/Users', { userName: 'not-an-email' }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', {}), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', '{"userName": '), 400, 'invalidSyntax');
    expectScimError(await scim('PATCH', '/Users/1', { Operations: [] }), 400);
    expect((await scim('GET', '/Users?count=0')).body.totalResults).toBe(before);
  });

  it('takes Api-Key and plain JSON too, and refuses keys without UsersManage or of another account', async () => {
    const viaApiKey = await server.app.inject({
      method: 'POST',
      url: '/api/scim/v2/Users',
      headers: { authorization: `Api-Key ${server.adminKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'api-key@example.com' }),
    });
    expect(viaApiKey.statusCode, viaApiKey.body).toBe(201);
    const id = JSON.parse(viaApiKey.body).id as string;
    expectScimError(await scimClient(server, 'sk-unknown')('GET', '/Users'), 401);
    const noCredential = await server.app.inject({ method: 'GET', url: '/api/scim/v2/Users' });
    expect(noCredential.statusCode).toBe(401);
    expect(JSON.parse(noCredential.body)).toMatchObject({ status: '401' });
    const developer = await createUserWithKey(server, 'developer');
    expectScimError(await scimClient(server, developer.key)('GET', '/Users'), 403);
    expectScimError(await scimClient(server, developer.key)('GET', '/ServiceProviderConfig'), 403);
    const other = scimClient(server, (await createOtherAccount(server)).adminKey);
    expectScimError(await other('GET', `/Users/${id}`), 404);
    expectScimError(
      await other('PATCH', `/Users/${id}`, patchOf({ op: 'replace', path: 'active', value: false })),
      404,
    );
    expectScimError(await other('DELETE', `/Users/${id}`), 404);
    const otherList = await other('GET', '/Users');
    expect((otherList.body.Resources as Array<{ id: string }>).map((user) => user.id)).not.toContain(id);
    const otherLookUp = await other(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "api-key@example.com"')}`,
    );
    expect(otherLookUp.body).toMatchObject({ totalResults: 0 });
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ active: true });
  });

  it("refuses to deactivate or delete the caller's own user, without calling it a uniqueness conflict", async () => {
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    const ownId = (me.body as { id: number }).id;
    const deactivate = await scim(
      'PATCH',
      `/Users/${ownId}`,
      patchOf({ op: 'replace', path: 'active', value: false }),
    );
    expectScimError(deactivate, 409);
    expect(deactivate.body).not.toHaveProperty('scimType');
    expectScimError(await scim('DELETE', `/Users/${ownId}`), 409);
    expect((await scim('GET', `/Users/${ownId}`)).body).toMatchObject({ active: true });
  });

  it('describes itself at the discovery endpoints', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 1000 },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body).toMatchObject({
      totalResults: 2,
      Resources: [
        { id: 'User', endpoint: '/Users' },
        { id: 'Group', endpoint: '/Groups' },
      ],
    });
    const schemas = await scim('GET', '/Schemas');
    expect((schemas.body.Resources as Array<{ id: string }>).map((schema) => schema.id)).toEqual([
      userSchema,
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
  });
});
