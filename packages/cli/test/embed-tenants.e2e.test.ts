import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface EmbedGroup {
  id: number;
  name: string;
  description: string | null;
  userCount: number;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe('platform embed tenants and groups against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, {
      PLATFORM_CONFIG_DIR: configDirectory,
      PLATFORM_API_URL: server.apiUrl,
      PLATFORM_API_KEY: server.adminKey,
    });

  /** A session for a customer of the host app, as its server generates one: it makes the tenant. */
  async function generateSession(body: Record<string, unknown>): Promise<void> {
    const deployments = await fetch(`${server.apiUrl}/api/v1/deployments`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    const deploymentId = ((await deployments.json()) as { items: Array<{ id: number }> }).items[0]?.id;
    const answer = await fetch(`${server.apiUrl}/api/v1/embed/generate-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deploymentId, ...body }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('lists tenants and their users, manages groups and members, deletes a tenant', async () => {
    for (const externalId of ['ann', 'bob']) {
      await generateSession({
        externalId,
        embedTenantName: 'acme',
        embedTenantProfile: { displayName: 'Acme Corp' },
      });
    }
    const tenants = await platform(['embed', 'tenants', 'list']);
    expect(tenants.exitCode, tenants.stderr).toBe(0);
    expect(tenants.stdout.split('\n')[0]).toMatch(/^NAME\s+DISPLAY NAME\s+USERS\s+CREATED/);
    expect(tenants.stdout).toMatch(/acme\s+Acme Corp\s+2\s/);
    const users = await platform(['embed', 'tenants', 'users', 'acme']);
    expect(users.stdout).toMatch(/^EXTERNAL ID/);
    expect(users.stdout).toMatch(/\nann\s/);
    expect(users.stdout).toMatch(/\nbob\s/);

    const created = jsonOf<EmbedGroup>(
      await platform([
        'embed',
        'groups',
        'create',
        'acme',
        '--name',
        'finance',
        '--description',
        'Finance',
        '--json',
      ]),
    );
    expect(created).toMatchObject({ name: 'finance', description: 'Finance', userCount: 0 });
    const id = String(created.id);
    const duplicate = await platform(['embed', 'groups', 'create', 'acme', '--name', 'finance']);
    expect(duplicate.exitCode).toBe(1);
    expect(duplicate.stderr).toMatch(/^error: 409 the embed tenant acme already has a group named finance/);

    const added = jsonOf<EmbedGroup>(
      await platform(['embed', 'groups', 'add-members', 'acme', id, 'ann,BOB', '--json']),
    );
    expect(added.userCount).toBe(2);
    const unknown = await platform(['embed', 'groups', 'add-members', 'acme', id, 'zed']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/^error: 404 no user zed in embed tenant acme/);
    const members = await platform(['embed', 'groups', 'members', 'acme', id]);
    expect(members.stdout).toMatch(/\nann\s.*finance/);
    const removed = jsonOf<EmbedGroup>(
      await platform(['embed', 'groups', 'remove-members', 'acme', id, 'bob', '--json']),
    );
    expect(removed.userCount).toBe(1);

    const updated = await platform([
      'embed',
      'groups',
      'update',
      'acme',
      id,
      '--name',
      'finance-emea',
      '--clear-description',
    ]);
    expect(updated.stdout).toMatch(/name:\s+finance-emea/);
    expect((await platform(['embed', 'groups', 'get', 'acme', id])).stdout).toMatch(/users:\s+1/);
    const listed = jsonOf<Page<EmbedGroup>>(await platform(['embed', 'groups', 'list', 'acme', '--json']));
    expect(listed.items.map((group) => [group.name, group.description])).toEqual([['finance-emea', null]]);
    const noChange = await platform(['embed', 'groups', 'update', 'acme', id]);
    expect(noChange.exitCode).toBe(2);

    const deletedGroup = await platform(['embed', 'groups', 'delete', 'acme', id]);
    expect(deletedGroup.exitCode, deletedGroup.stderr).toBe(0);
    expect(deletedGroup.stdout).toContain(`deleted group ${id} of embed tenant acme`);

    const deleted = await platform(['embed', 'tenants', 'delete', 'acme']);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain('deleted embed tenant acme');
    expect(jsonOf<Page<unknown>>(await platform(['embed', 'tenants', 'list', '--json'])).items).toEqual([]);
    const gone = await platform(['embed', 'tenants', 'users', 'acme']);
    expect(gone.stderr).toMatch(/^error: 404 embed tenant acme not found/);
  });
});
