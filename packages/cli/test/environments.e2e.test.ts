import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeYaml, writeModelFolder } from './support/model-folder.js';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface Environment {
  id: string;
  type: string;
  branch: string;
}

describe('platform environments, staging branches, dev-mode validation and build status', () => {
  let server: RunningServer;
  let configDirectory: string;
  let folder: string;
  let deployment: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const dataModel = (verb: string, ...rest: string[]) =>
    platform(['data-model', verb, ...rest, '--deployment', deployment]);

  beforeAll(async () => {
    [server, configDirectory, folder] = await Promise.all([
      startServer(),
      temporaryConfigDirectory(),
      writeModelFolder({ 'model/cubes/orders.yml': cubeYaml('orders') }),
    ]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const created = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'environments', '--region', 'local', '--json']),
    );
    deployment = String(created.id);
    const deployed = await platform(['deploy', folder, '--deployment', deployment]);
    if (deployed.exitCode !== 0) throw new Error(`deploy failed: ${deployed.stderr}`);
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all(
      [configDirectory, folder].filter(Boolean).map((path) => rm(path, { recursive: true, force: true })),
    );
  });

  it('enables a staging branch, lists the environments and mints a token for one', async () => {
    expect((await dataModel('create-branch', 'feature')).exitCode).toBe(0);
    const enabled = await dataModel('enable-branch', 'feature');
    expect(enabled.exitCode, enabled.stderr).toBe(0);
    expect(enabled.stdout).toContain('staging environment of feature on');
    const table = await platform(['environments', 'list', deployment]);
    expect(table.stdout).toMatch(/^ID\s+TYPE\s+BRANCH\s+USER/);
    const staging = jsonOf<{ items: Environment[] }>(
      await platform(['environments', 'list', deployment, '--type', 'staging', '--json']),
    ).items;
    expect(staging.map((item) => item.branch)).toEqual(['feature']);
    const environmentId = staging[0]?.id ?? '';
    const token = await platform([
      'environments',
      'create-token',
      deployment,
      environmentId,
      '--security-context',
      '{"tenant":"acme"}',
      '--expires-in',
      '600',
    ]);
    expect(token.exitCode, token.stderr).toBe(0);
    const minted = token.stdout.trim();
    expect(minted.split('.')).toHaveLength(3);
    const tokens = await platform(['environments', 'tokens', deployment, environmentId]);
    expect(tokens.exitCode, tokens.stderr).toBe(0);
    expect(tokens.stdout).toContain(`****${minted.slice(-6)}`);
    expect(tokens.stdout).not.toContain(minted);
    expect((await dataModel('disable-branch', 'feature')).exitCode).toBe(0);
    const none = jsonOf<{ items: Environment[] }>(
      await platform(['environments', 'list', deployment, '--type', 'staging', '--json']),
    );
    expect(none.items).toEqual([]);
  });

  it('mints a meta-sync token with --meta-sync: the metadata answers it, queries refuse it', async () => {
    const token = await platform(['environments', 'create-token', deployment, 'production', '--meta-sync']);
    expect(token.exitCode, token.stderr).toBe(0);
    const minted = token.stdout.trim();
    const dataApi = `${server.apiUrl}/deployments/${deployment}/data/v1`;
    const meta = await fetch(`${dataApi}/meta`, { headers: { authorization: minted } });
    expect(meta.status).toBe(200);
    const query = encodeURIComponent(JSON.stringify({ measures: ['orders.count'] }));
    const load = await fetch(`${dataApi}/load?query=${query}`, { headers: { authorization: minted } });
    expect(load.status).toBe(403);
    const tokens = await platform(['environments', 'tokens', deployment, 'production']);
    expect(tokens.stdout).toMatch(/^TOKEN\s+SCOPES\s+CREATED/);
    expect(tokens.stdout).toContain(`****${minted.slice(-6)}  meta`);
  });

  it('validates the dev-mode branch with --dev-mode, and build-status exits 1 on a failed build', async () => {
    expect((await dataModel('dev-mode')).exitCode).toBe(0);
    const put = await dataModel(
      'put',
      'model/cubes/broken.yml',
      '--content',
      'cubes:\n  - name: broken\n    sql_table: b\n    measures:\n      - name: c\n        type: nope\n',
    );
    expect(put.exitCode, put.stderr).toBe(0);
    const onDeployBranch = await dataModel('validate');
    expect(onDeployBranch.exitCode, onDeployBranch.stderr).toBe(0);
    const onDevBranch = await dataModel('validate', '--dev-mode');
    expect(onDevBranch.exitCode).toBe(1);
    expect(onDevBranch.stdout).toMatch(/^invalid: 1 error on dev-/);
    expect(onDevBranch.stdout).toContain('model/cubes/broken.yml:6');

    const branch = onDevBranch.stdout.match(/on (dev-\d+)/)?.[1] ?? '';
    const commit = await dataModel('commit', '--branch', branch, '--message', 'broken');
    expect(commit.exitCode, commit.stderr).toBe(0);
    const waited = await platform(['deployments', 'build-status', deployment, '--branch', branch, '--wait']);
    expect(waited.exitCode).toBe(1);
    const status = await platform(['deployments', 'build-status', deployment, '--branch', branch]);
    expect(status.exitCode).toBe(1);
    expect(status.stdout).toMatch(/status:\s+failed/);
    const healthy = await platform(['deployments', 'build-status', deployment]);
    expect(healthy.exitCode, healthy.stderr).toBe(0);
  });
});
