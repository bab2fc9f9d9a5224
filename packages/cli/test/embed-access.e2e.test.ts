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

const position = { x: 0, y: 0, w: 6, h: 4 };

describe('platform embed dashboard and embed access against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  let workbookId: string;
  let publicId: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const json = async <Value>(args: string[]) => {
    const result = await platform([...args, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    return jsonOf<Value>(result);
  };

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    deployment = String(
      (await json<{ id: number }>(['deployments', 'create', '--name', 'embedded', '--region', 'local'])).id,
    );
    workbookId = String(
      (await json<{ id: number }>(['workbooks', 'create', '--name', 'Board', '--deployment', deployment])).id,
    );
    const config = JSON.stringify({ widgets: [{ id: 'note', type: 'TEXT', position }] });
    publicId = (
      await json<{ publicId: string }>([
        'workbooks',
        'publish',
        workbookId,
        '--config',
        config,
        '--deployment',
        deployment,
      ])
    ).publicId;
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('enables, shows and disables embedding of a dashboard', async () => {
    const enabled = await platform(['embed', 'dashboard', 'enable', publicId]);
    expect(enabled.exitCode, enabled.stderr).toBe(0);
    expect(enabled.stdout).toMatch(/allow embed:\s+yes/);
    const shown = await json<{ publicId: string; allowEmbed: boolean }>([
      'embed',
      'dashboard',
      'get',
      publicId,
    ]);
    expect(shown).toMatchObject({ publicId, allowEmbed: true });
    expect(await json(['embed', 'dashboard', 'disable', publicId])).toEqual({ publicId, allowEmbed: false });
    // The hosted CLI's names for the same calls.
    expect(await json(['embed', 'enable-dashboard', publicId])).toEqual({ publicId, allowEmbed: true });
    expect(await json(['embed', 'dashboard', publicId])).toMatchObject({ publicId, allowEmbed: true });
    expect(await json(['embed', 'disable-dashboard', publicId])).toEqual({ publicId, allowEmbed: false });
  });

  it("sets and shows a workbook's embed access rules, and says what is wrong with a rule", async () => {
    const empty = await platform(['embed', 'access', 'get', workbookId, '--deployment', deployment]);
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('no rules');
    const set = await platform([
      'embed',
      'access',
      'set',
      workbookId,
      '--deployment',
      deployment,
      '--all-users',
      '--action',
      'read',
      '--allow-embed',
    ]);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/allow embed:\s+yes/);
    expect(set.stdout).toMatch(/\(all embed users\)\s+-\s+read/);
    const access = await json<{ allowEmbed: boolean; allEmbedUsers: { action: string } }>([
      'embed',
      'access',
      'get',
      workbookId,
      '--deployment',
      deployment,
    ]);
    expect(access).toMatchObject({ allowEmbed: true, allEmbedUsers: { enabled: true, action: 'read' } });
    const unknown = await platform([
      'embed',
      'access',
      'set',
      workbookId,
      '--deployment',
      deployment,
      '--tenant',
      'initech',
      '--action',
      'none',
    ]);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain('embed tenant "initech"');
    const both = await platform([
      'embed',
      'access',
      'set',
      workbookId,
      '--deployment',
      deployment,
      '--all-users',
      '--tenant',
      'initech',
      '--action',
      'none',
    ]);
    expect(both.exitCode).not.toBe(0);
    expect(both.stderr).toContain('exactly one of --tenant');
  });
});
