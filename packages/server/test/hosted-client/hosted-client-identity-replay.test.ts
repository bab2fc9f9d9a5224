import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFolder } from '../security/account-resources.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/** The hosted CLI's identity rows (HOSTED-CLIENT.md), sent exactly as it sends them over a real socket. */
describe('the hosted CLI, replayed: users, attributes, groups, policies and API keys', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let deploymentId: number;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
    const created = await cli.call('POST', '/build/api/v1/deployments', {
      body: { name: 'replayed', region: 'local' },
    });
    expect(created.status, created.text).toBe(201);
    deploymentId = (created.body as { id: number }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('users list / create / update / delete: /api/v1/users/ and /api/v1/users/{U}', async () => {
    const created = await cli.call('POST', '/api/v1/users/', {
      body: { email: 'replayed@example.com', role: 'viewer' },
    });
    expect(created.status, created.text).toBe(201);
    const userId = (created.body as { id: number }).id;
    const list = await cli.call('GET', '/api/v1/users/', { query: [['first', '100']] });
    expect(list.status, list.text).toBe(200);
    for (const item of listOfAnswer(list)) {
      expect(item).toMatchObject({ id: expect.any(Number), email: expect.any(String) });
      expect(item).toHaveProperty('firstName');
    }
    const updated = await cli.call('PUT', `/api/v1/users/${userId}`, { body: { name: 'Re Played' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ firstName: 'Re' });
    const deleted = await cli.call('DELETE', `/api/v1/users/${userId}`);
    expect([200, 204]).toContain(deleted.status);
  });

  it('attributes list / create / update / delete and values get / set: /api/v1/user-attributes/, /api/v1/user-attribute-values/', async () => {
    const created = await cli.call('POST', '/api/v1/user-attributes/', {
      body: {
        name: 'region_code',
        type: 'string',
        displayName: 'Region',
        description: 'Sales region',
        defaultValue: 'EU',
      },
    });
    await cli.call('POST', '/api/v1/user-attributes/', { body: { name: 'seats', type: 'number' } });
    expect(created.status, created.text).toBe(201);
    const list = await cli.call('GET', '/api/v1/user-attributes/', {
      query: [
        ['offset', '0'],
        ['limit', '50'],
        ['first', '50'],
        ['name', 'region_code'],
        ['type', 'string'],
      ],
    });
    expect(list.status, list.text).toBe(200);
    expect(listOfAnswer(list)).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        name: 'region_code',
        type: 'string',
        displayName: 'Region',
        defaultValue: 'EU',
      }),
    ]);
    const id = (created.body as { id: number }).id;
    const updated = await cli.call('PUT', `/api/v1/user-attributes/${id}`, {
      body: { displayName: 'Sales region', description: 'Where they sell', defaultValue: 'US' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'region_code',
      displayName: 'Sales region',
      defaultValue: 'US',
    });

    // values set: ids as strings and no value (it clears the user's value), then values get.
    const me = await cli.call('GET', '/api/v1/users/me');
    const userId = String((me.body as { id: number }).id);
    const set = await cli.call('POST', '/api/v1/user-attribute-values/', {
      body: { userId, userAttributeId: String(id) },
    });
    expect(set.status, set.text).toBe(200);
    const values = await cli.call('GET', `/api/v1/user-attribute-values/${userId}`);
    expect(values.status, values.text).toBe(200);
    expect((values.body as { items: unknown[] }).items).toContainEqual({
      userAttributeId: id,
      name: 'region_code',
      type: 'string',
      value: 'US',
      isDefault: true,
    });

    const deleted = await cli.call('DELETE', `/api/v1/user-attributes/${id}`);
    expect([200, 204]).toContain(deleted.status);
  });

  it('groups list / delete: GET /api/v1/user-groups/ and DELETE /api/v1/groups/{G}', async () => {
    const created = await cli.call('POST', '/api/v1/user-groups/', {
      body: { name: 'replayed group', description: 'From the replay' },
    });
    expect(created.status, created.text).toBe(201);
    const groupId = (created.body as { id: number }).id;
    await cli.call('POST', '/api/v1/user-groups/', { body: { name: 'second replayed group' } });
    const first = await cli.call('GET', '/api/v1/user-groups/', { query: [['first', '1']] });
    expect(first.status, first.text).toBe(200);
    expect(listOfAnswer(first)).toEqual([
      expect.objectContaining({
        id: groupId,
        name: 'replayed group',
        userCount: 0,
        description: 'From the replay',
      }),
    ]);
    const after = (first.body as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    const next = await cli.call('GET', '/api/v1/user-groups/', {
      query: [
        ['first', '1'],
        ['after', after],
      ],
    });
    expect(listOfAnswer(next)).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        name: 'second replayed group',
        userCount: 0,
        description: null,
      }),
    ]);
    const deleted = await cli.call('DELETE', `/api/v1/groups/${groupId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ success: true });
  });

  it('policies get / set-user / set-group: /api/v1/resource-policies/', async () => {
    const folderId = await insertFolder(server, deploymentId, { name: 'replayed folder' });
    const user = await cli.call('POST', '/api/v1/users/', {
      body: { email: 'policy@example.com', role: 'viewer' },
    });
    const group = await cli.call('POST', '/api/v1/user-groups/', { body: { name: 'replayed readers' } });
    const userId = (user.body as { id: number }).id;
    const groupId = (group.body as { id: number }).id;
    const setUser = await cli.call('PUT', '/api/v1/resource-policies/user', {
      body: { resourceType: 'folder', resourceId: folderId, userId, action: 'edit' },
    });
    expect(setUser.status, setUser.text).toBe(200);
    const setGroup = await cli.call('PUT', '/api/v1/resource-policies/group', {
      body: { resourceType: 'folder', resourceId: folderId, groupId, action: 'view' },
    });
    expect(setGroup.status, setGroup.text).toBe(200);
    const read = await cli.call('GET', '/api/v1/resource-policies/', {
      query: [
        ['resourceType', 'folder'],
        ['resourceId', String(folderId)],
      ],
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      resourceType: 'folder',
      resourceId: folderId,
      users: [{ userId, email: 'policy@example.com', name: null, action: 'edit' }],
      groups: [{ groupId, name: 'replayed readers', action: 'view' }],
    });
    // Without `action` the grant goes.
    const cleared = await cli.call('PUT', '/api/v1/resource-policies/user', {
      body: { resourceType: 'folder', resourceId: folderId, userId },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect((cleared.body as { users: unknown[] }).users).toEqual([]);
  });

  it('api-keys list / create / get / delete: /api/v1/api-keys', async () => {
    const created = await cli.call('POST', '/api/v1/api-keys', { body: { name: 'replayed' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      name: 'replayed',
      token: expect.any(String),
    });
    const id = (created.body as { id: number }).id;
    const list = await cli.call('GET', '/api/v1/api-keys');
    expect(listOfAnswer(list).map((item) => item.id)).toContain(id);
    expect((await cli.call('GET', `/api/v1/api-keys/${id}`)).body).toMatchObject({ id, name: 'replayed' });
    const deleted = await cli.call('DELETE', `/api/v1/api-keys/${id}`);
    expect([200, 204]).toContain(deleted.status);
  });
});
