import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process-cli.js';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';
import { recordingFetch } from './support/recording-fetch.js';

interface UserGroup {
  id: number;
  name: string;
  description: string | null;
  userCount: number;
}

describe('platform groups and policies against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, {
      PLATFORM_CONFIG_DIR: configDirectory,
      PLATFORM_API_URL: server.apiUrl,
      PLATFORM_API_KEY: server.adminKey,
    });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  async function createUser(email: string): Promise<number> {
    return jsonOf<{ id: number }>(await platform(['users', 'create', '--email', email, '--json'])).id;
  }

  it('creates, lists, shows, updates and deletes groups, and manages their members', async () => {
    const ann = await createUser('ann.groups@example.com');
    const bob = await createUser('bob.groups@example.com');
    const created = await platform([
      'groups',
      'create',
      '--name',
      'sales',
      '--description',
      'The sales team',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/name:\s+sales/);
    const id = Number(/id:\s+(\d+)/.exec(created.stdout)?.[1]);

    const added = jsonOf<UserGroup>(
      await platform(['groups', 'add-members', String(id), `${ann},${bob}`, '--json']),
    );
    expect(added.userCount).toBe(2);
    const list = await platform(['groups', 'list']);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+USERS\s+DESCRIPTION/);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+sales\\s+2\\s+The sales team`));
    const members = await platform(['groups', 'members', String(id)]);
    expect(members.stdout).toContain('ann.groups@example.com');
    expect(members.stdout).toContain('bob.groups@example.com');

    const removed = jsonOf<UserGroup>(
      await platform(['groups', 'remove-members', String(id), String(bob), '--json']),
    );
    expect(removed.userCount).toBe(1);
    const updated = await platform(['groups', 'update', String(id), '--name', 'sales-emea']);
    expect(updated.stdout).toMatch(/name:\s+sales-emea/);
    expect((await platform(['groups', 'get', String(id)])).stdout).toMatch(/users:\s+1/);

    const duplicate = await platform(['groups', 'create', '--name', 'sales-emea']);
    expect(duplicate.exitCode).toBe(1);
    expect(duplicate.stderr).toMatch(/^error: 409 a user group named sales-emea already exists/);
    const noChange = await platform(['groups', 'update', String(id)]);
    expect(noChange.exitCode).toBe(2);

    const deleted = await platform(['groups', 'delete', String(id)]);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`deleted user group ${id}`);
    const gone = await platform(['groups', 'get', String(id)]);
    expect(gone.stderr).toMatch(new RegExp(`^error: 404 user group ${id} not found`));
    const second = jsonOf<UserGroup>(await platform(['groups', 'create', '--name', 'second', '--json']));
    expect((await platform(['groups', 'delete', String(second.id), '--user-groups-path'])).exitCode).toBe(0);
    const listed = jsonOf<{ items: UserGroup[] }>(await platform(['groups', 'list', '--json']));
    expect(listed.items).toEqual([]);
  });

  it('reaches the resource-policies routes (no content exists here: a 404 naming the item)', async () => {
    const group = jsonOf<UserGroup>(await platform(['groups', 'create', '--name', 'readers', '--json']));
    const read = await platform(['policies', 'get', '--resource-type', 'folder', '--resource-id', '999']);
    expect(read.exitCode).toBe(1);
    expect(read.stderr).toMatch(/^error: 404 folder 999 not found/);
    const set = await platform([
      'policies',
      'set-group',
      '--resource-type',
      'report',
      '--resource-id',
      '998',
      '--group',
      String(group.id),
      '--action',
      'view',
    ]);
    expect(set.stderr).toMatch(/^error: 404 report 998 not found/);
    const badType = await platform(['policies', 'get', '--resource-type', 'sheet', '--resource-id', '1']);
    expect(badType.exitCode).toBe(2);
  });
});

describe('platform policies requests', () => {
  const answer = { resourceType: 'folder', resourceId: 12, users: [], groups: [] };

  it('sends the grant with --action and leaves action out to clear it', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: answer }));
    const granted = await runInProcess(
      [
        'policies',
        'set-user',
        '--resource-type',
        'folder',
        '--resource-id',
        '12',
        '--user',
        '7',
        '--action',
        'edit',
      ],
      recorder,
    );
    expect(granted.exitCode, granted.stderr).toBe(0);
    const cleared = await runInProcess(
      ['policies', 'set-group', '--resource-type', 'folder', '--resource-id', '12', '--group', '4'],
      recorder,
    );
    expect(cleared.exitCode, cleared.stderr).toBe(0);
    expect(cleared.stdout).toContain('folder 12: no grants');
    expect(recorder.requests.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      [
        'PUT',
        '/api/v1/resource-policies/user',
        { resourceType: 'folder', resourceId: 12, userId: 7, action: 'edit' },
      ],
      ['PUT', '/api/v1/resource-policies/group', { resourceType: 'folder', resourceId: 12, groupId: 4 }],
    ]);
  });

  it('reads the grants with the type and id in the query and prints them as a table', async () => {
    const recorder = recordingFetch(() => ({
      status: 200,
      body: {
        ...answer,
        users: [{ userId: 7, email: 'ann@example.com', name: 'Ann', action: 'edit' }],
        groups: [{ groupId: 4, name: 'sales', action: 'view' }],
      },
    }));
    const result = await runInProcess(
      ['policies', 'get', '--resource-type', 'folder', '--resource-id', '12'],
      recorder,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests[0]?.url.search).toBe('?resourceType=folder&resourceId=12');
    expect(result.stdout).toMatch(/user\s+7\s+ann@example\.com\s+edit/);
    expect(result.stdout).toMatch(/group\s+4\s+sales\s+view/);
  });

  it('deletes a group through the hosted path, or the user-groups path on request', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: { success: true } }));
    await runInProcess(['groups', 'delete', '4'], recorder);
    await runInProcess(['groups', 'delete', '4', '--user-groups-path'], recorder);
    expect(recorder.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'DELETE /api/v1/groups/4',
      'DELETE /api/v1/user-groups/4',
    ]);
  });
});
