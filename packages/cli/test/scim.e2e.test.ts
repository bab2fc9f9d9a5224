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

interface ScimResource {
  id: string;
  active?: boolean;
  members?: Array<{ value: string }>;
}

describe('platform scim against a real server', () => {
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

  it('provisions a user and a group, deactivates the user, and prints SCIM errors', async () => {
    const user = jsonOf<ScimResource>(
      await platform(['scim', 'users', 'create', '-d', '{"userName":"cli.scim@example.com"}']),
    );
    const found = jsonOf<{ totalResults: number }>(
      await platform(['scim', 'users', 'list', '--filter', 'userName eq "cli.scim@example.com"']),
    );
    expect(found.totalResults).toBe(1);
    const patch = '{"Operations":[{"op":"replace","path":"active","value":false}]}';
    expect(
      jsonOf<ScimResource>(await platform(['scim', 'users', 'patch', user.id, '-d', patch])).active,
    ).toBe(false);
    const group = jsonOf<ScimResource>(
      await platform([
        'scim',
        'groups',
        'create',
        '-d',
        JSON.stringify({ displayName: 'cli-scim', members: [{ value: user.id }] }),
      ]),
    );
    expect(group.members?.map((member) => member.value)).toEqual([user.id]);
    const taken = await platform(['scim', 'users', 'create', '-d', '{"userName":"cli.scim@example.com"}']);
    expect(taken.exitCode).not.toBe(0);
    expect(taken.stderr).toMatch(/already exists/);
    const badFilter = await platform(['scim', 'groups', 'list', '--filter', 'displayName co "cli"']);
    expect(badFilter.stderr).toMatch(/unsupported filter/);
    expect((await platform(['scim', 'groups', 'delete', group.id])).stdout).toMatch(/deleted group/);
    expect((await platform(['scim', 'users', 'delete', user.id])).stdout).toMatch(/deleted user/);
    const config = jsonOf<{ patch: { supported: boolean } }>(
      await platform(['scim', 'service-provider-config']),
    );
    expect(config.patch.supported).toBe(true);
  });
});
