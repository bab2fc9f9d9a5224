import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherAccount, startTestServer, type TestServer } from '../support/test-server.js';
import { expectScimError, patchOf, scimClient } from './scim-test-client.js';

const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';

describe('SCIM groups', () => {
  let server: TestServer;
  let scim: ReturnType<typeof scimClient>;
  const userIds: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    scim = scimClient(server);
    for (let index = 0; index < 4; index += 1) {
      const user = await scim('POST', '/Users', { userName: `member-${index}@example.com` });
      userIds.push(user.body.id as string);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const membersOf = (body: Record<string, unknown>) =>
    ((body.members ?? []) as Array<{ value: string }>).map((member) => member.value).sort();
  const sorted = (...ids: Array<string | undefined>) => ids.map(String).sort();

  async function managementMembers(groupId: string): Promise<string[]> {
    const answer = await server.request({ method: 'GET', url: `/api/v1/user-groups/${groupId}/users` });
    return (answer.body as { items: Array<{ id: number }> }).items.map((user) => String(user.id)).sort();
  }

  it('creates a group with members, then replaces them by PUT and by PATCH', async () => {
    const [first, second, third, fourth] = userIds;
    const lookUp = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Engineering"')}`);
    expect(lookUp.body).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim('POST', '/Groups', {
      schemas: [groupSchema],
      displayName: 'Engineering',
      externalId: 'okta-group-1',
      members: [{ value: first, display: 'member-0@example.com' }, { value: second }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      schemas: [groupSchema],
      displayName: 'Engineering',
      externalId: 'okta-group-1',
      members: expect.arrayContaining([
        { value: first, display: 'member-0@example.com', $ref: expect.stringContaining(`/Users/${first}`) },
      ]),
      meta: {
        resourceType: 'Group',
        location: expect.stringMatching(new RegExp(`/api/scim/v2/Groups/${id}$`)),
      },
    });
    expect(membersOf(created.body)).toEqual(sorted(first, second));
    expect(await managementMembers(id)).toEqual(sorted(first, second));
    for (const filter of ['displayName eq "Engineering"', 'externalId eq "okta-group-1"']) {
      const found = await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}`);
      expect(found.body, filter).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    }
    // PUT: members become exactly the ones sent (Okta's push groups).
    const replaced = await scim('PUT', `/Groups/${id}`, {
      schemas: [groupSchema],
      id,
      displayName: 'Engineering',
      members: [{ value: third }, { value: fourth }],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(membersOf(replaced.body)).toEqual(sorted(third, fourth));
    expect(replaced.body).not.toHaveProperty('externalId');
    expect(await managementMembers(id)).toEqual(sorted(third, fourth));
    // PATCH as Azure AD sends it: Add and Remove with member lists.
    const added = await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOf(
        { op: 'Add', path: 'members', value: [{ value: first }] },
        { op: 'Remove', path: 'members', value: [{ value: third }] },
      ),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(membersOf(added.body)).toEqual(sorted(first, fourth));
    // PATCH as Okta sends it: a remove by filter path, a replace of the name without a path.
    const okta = await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOf(
        { op: 'remove', path: `members[value eq "${fourth}"]` },
        { op: 'replace', value: { id, displayName: 'Engineering EMEA' } },
      ),
    );
    expect(okta.body).toMatchObject({ displayName: 'Engineering EMEA' });
    expect(membersOf(okta.body)).toEqual([first]);
    // Replace all members, then remove them all.
    const replacedByPatch = await scim(
      'PATCH',
      `/Groups/${id}`,
      patchOf({ op: 'replace', path: 'members', value: [{ value: second }, { value: third }] }),
    );
    expect(membersOf(replacedByPatch.body)).toEqual(sorted(second, third));
    const emptied = await scim('PATCH', `/Groups/${id}`, patchOf({ op: 'remove', path: 'members' }));
    expect(membersOf(emptied.body)).toEqual([]);
    expect(await managementMembers(id)).toEqual([]);
    // Azure asks without members.
    const withoutMembers = await scim('GET', `/Groups/${id}?excludedAttributes=members`);
    expect(withoutMembers.body).not.toHaveProperty('members');
    const listWithout = await scim('GET', `/Groups?excludedAttributes=members`);
    expect(listWithout.body.Resources as unknown[]).not.toContainEqual(
      expect.objectContaining({ members: expect.anything() }),
    );
    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim('GET', `/Groups/${id}`), 404);
  });

  it('refuses unknown members, taken names and bad paths, changing nothing', async () => {
    const [first] = userIds;
    const countBefore = (await scim('GET', '/Groups?count=0')).body.totalResults;
    expectScimError(
      await scim('POST', '/Groups', { displayName: 'Ghosts', members: [{ value: '999999' }] }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('POST', '/Groups', { displayName: 'Ghosts', members: [{ value: 'abc' }] }),
      400,
      'invalidValue',
    );
    expectScimError(await scim('POST', '/Groups', { displayName: 'admin' }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', { displayName: 'x'.repeat(201) }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Groups', { displayName: 'nul\u0000' }), 400);
    expect((await scim('GET', '/Groups?count=0')).body.totalResults).toBe(countBefore);
    const created = await scim('POST', '/Groups', { displayName: 'Sales', members: [{ value: first }] });
    const id = created.body.id as string;
    expectScimError(await scim('POST', '/Groups', { displayName: 'Sales' }), 409, 'uniqueness');
    const renamed = await scim('POST', '/Groups', { displayName: 'Marketing' });
    expectScimError(
      await scim(
        'PATCH',
        `/Groups/${renamed.body.id}`,
        patchOf({ op: 'replace', path: 'displayName', value: 'Sales' }),
      ),
      409,
      'uniqueness',
    );
    expectScimError(
      await scim(
        'PATCH',
        `/Groups/${id}`,
        patchOf({ op: 'add', path: 'members', value: [{ value: '999999' }] }),
      ),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('PATCH', `/Groups/${id}`, patchOf({ op: 'replace', path: 'owner', value: 'x' })),
      400,
      'invalidPath',
    );
    expectScimError(
      await scim('PATCH', `/Groups/${id}`, patchOf({ op: 'remove', path: 'displayName' })),
      400,
      'mutability',
    );
    expectScimError(
      await scim('PUT', `/Groups/${id}`, { displayName: 'Sales', members: [{ value: '999999' }] }),
      400,
      'invalidValue',
    );
    expect(membersOf((await scim('GET', `/Groups/${id}`)).body)).toEqual([first]);
    const other = scimClient(server, (await createOtherAccount(server)).adminKey);
    expectScimError(await other('GET', `/Groups/${id}`), 404);
    expectScimError(await other('PATCH', `/Groups/${id}`, patchOf({ op: 'remove', path: 'members' })), 404);
    expect((await other('GET', '/Groups')).body).toMatchObject({ totalResults: 0 });
    // A member of another account is no user of this one.
    const otherUser = await other('POST', '/Users', { userName: 'outsider@example.com' });
    expectScimError(
      await scim(
        'PATCH',
        `/Groups/${id}`,
        patchOf({ op: 'add', path: 'members', value: [{ value: otherUser.body.id }] }),
      ),
      400,
      'invalidValue',
    );
  });

  it('pages groups with startIndex and count', async () => {
    for (let index = 0; index < 4; index += 1)
      await scim('POST', '/Groups', { displayName: `paged-${index}` });
    const all = await scim('GET', '/Groups?count=1000');
    const ids = (all.body.Resources as Array<{ id: string }>).map((group) => group.id);
    const page = await scim('GET', '/Groups?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: ids.length, startIndex: 2, itemsPerPage: 2 });
    expect((page.body.Resources as Array<{ id: string }>).map((group) => group.id)).toEqual(ids.slice(1, 3));
    expectScimError(
      await scim('GET', `/Groups?filter=${encodeURIComponent('displayName sw "paged"')}`),
      400,
      'invalidFilter',
    );
  });
});
