import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploySummary } from '../src/deploy/deploy-progress.js';
import { cubeYaml, writeFiles, writeModelFolder } from './support/model-folder.js';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

/** A cube whose measure type does not exist, on line 6: the build must name this file and line. */
const brokenCube = [
  'cubes:',
  '  - name: refunds',
  '    sql_table: refunds',
  '    measures:',
  '      - name: count',
  '        type: not_a_type',
  '',
].join('\n');

describe('platform deploy and data-model commands against a real server', () => {
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
      writeModelFolder({
        'model/cubes/orders.yml': cubeYaml('orders'),
        'model/cubes/users.yml': cubeYaml('users'),
        'model/cubes/products.yml': cubeYaml('products'),
        'README.md': 'not deployed\n',
      }),
    ]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const created = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'model', '--region', 'local', '--json']),
    );
    deployment = String(created.id);
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all(
      [configDirectory, folder].filter(Boolean).map((path) => rm(path, { recursive: true, force: true })),
    );
  });

  it('deploys a folder of three cubes and waits for a successful build', async () => {
    const result = await platform(['deploy', folder, '--deployment', deployment, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const summary = jsonOf<DeploySummary>(result);
    expect(summary.uploaded.sort()).toEqual([
      'model/cubes/orders.yml',
      'model/cubes/products.yml',
      'model/cubes/users.yml',
    ]);
    expect(summary.build?.status).toBe('built');
    expect(summary.lastHash).toMatch(/^[0-9a-f]{40}$/);
    expect(result.stderr).toMatch(/^uploading 3\/3 model\/cubes\/\w+\.yml$/m);
    expect(result.stderr).toMatch(/3 files uploaded, 0 unchanged, 0 removed; [\d.]+ \w?B sent/);
  });

  it('sends exactly the one changed file on the next deploy', async () => {
    await writeFiles(folder, { 'model/cubes/users.yml': cubeYaml('users', 'public.users') });
    const result = await platform(['deploy', folder, '--deployment', deployment, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const summary = jsonOf<DeploySummary>(result);
    expect(summary.uploaded).toEqual(['model/cubes/users.yml']);
    expect(summary.unchangedCount).toBe(2);
    expect(summary.bytesSent).toBe(Buffer.byteLength(cubeYaml('users', 'public.users')));
    expect(summary.build?.status).toBe('built');
  });

  it('refuses a broken model before committing: exit 1, every error with file and line, the branch unchanged', async () => {
    const branchState = async () => {
      const response = await fetch(
        `${server.apiUrl}/build/api/v1/deployments/${deployment}/data-model/files`,
        {
          headers: { authorization: `Bearer ${server.adminKey}` },
        },
      );
      return (await response.json()) as { lastHash: string };
    };
    const before = await branchState();
    await writeFiles(folder, {
      'model/cubes/refunds.yml': brokenCube,
      'model/cubes/returns.yml': brokenCube.replace('refunds', 'returns').replace('refunds', 'returns'),
    });
    const result = await platform(['deploy', folder, '--deployment', deployment]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/error: the data model has \d+ error\(s\); nothing was deployed/);
    expect(result.stderr).toMatch(/^model\/cubes\/refunds\.yml:6 .+/m);
    expect(result.stderr).toMatch(/^model\/cubes\/returns\.yml:6 .+/m);
    expect((await branchState()).lastHash).toBe(before.lastHash);
    const status = await platform(['deployments', 'build-status', deployment, '--json']);
    expect(jsonOf<{ status: string; servedCommitOid: string }>(status)).toMatchObject({
      status: 'built',
      servedCommitOid: before.lastHash,
    });
    await rm(`${folder}/model/cubes/refunds.yml`);
    await rm(`${folder}/model/cubes/returns.yml`);
    const again = await platform(['deploy', folder, '--deployment', deployment, '--json']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(jsonOf<DeploySummary>(again)).toMatchObject({ uploaded: [], removed: [] });
  });

  it('round-trips dev mode: put, get, validate, commit, build, list, hashes, exit', async () => {
    const devMode = jsonOf<{ active: boolean; branchName: string; parentBranch: string }>(
      await dataModel('dev-mode', '--json'),
    );
    expect(devMode.active).toBe(true);
    const branch = devMode.branchName;

    const content = cubeYaml('invoices');
    const put = await dataModel('put', 'model/cubes/invoices.yml', '--content', content);
    expect(put.exitCode, put.stderr).toBe(0);
    const got = await dataModel('get', '/model/cubes/invoices.yml', '--branch', branch);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(got.stdout).toBe(content);

    const valid = await dataModel('validate', '--branch', branch);
    expect(valid.exitCode, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^valid: 4 cubes on /);

    await dataModel('put', 'model/cubes/refunds.yml', '--content', brokenCube);
    const invalid = await dataModel('validate', '--branch', branch);
    expect(invalid.exitCode).toBe(1);
    expect(invalid.stdout).toMatch(/^model\/cubes\/refunds\.yml:6 /m);
    expect((await dataModel('delete', 'model/cubes/refunds.yml')).exitCode).toBe(0);

    const commit = jsonOf<{ lastHash: string; buildTriggered: boolean }>(
      await dataModel('commit', '--message', 'invoices cube', '--json'),
    );
    expect(commit.lastHash).toMatch(/^[0-9a-f]{40}$/);
    if (commit.buildTriggered) {
      const build = await platform(['deployments', 'build-status', deployment, '--branch', branch, '--wait']);
      expect(build.exitCode, build.stdout + build.stderr).toBe(0);
      expect(build.stdout).toMatch(/status:\s+built/);
    }

    const listing = await dataModel('list', '--branch', branch);
    expect(listing.stdout).toContain('/model/cubes/invoices.yml');
    const hashes = jsonOf<Record<string, { hash: string }>>(
      await dataModel('file-hashes', '--branch', branch, '--json'),
    );
    const hashOf = (text: string) => createHash('sha1').update(text).digest('hex');
    const invoices = Object.entries(hashes).find(
      ([path]) => path.replace(/^\//, '') === 'model/cubes/invoices.yml',
    );
    expect(invoices?.[1].hash).toBe(hashOf(content));

    const branches = jsonOf<{ items: { name: string }[] }>(await dataModel('branches', '--json'));
    expect(branches.items.map((item) => item.name)).toContain(branch);
    const exit = await dataModel('exit-dev-mode', '--json');
    expect(jsonOf<{ active: boolean }>(exit).active).toBe(false);
    const refused = await dataModel('put', 'model/cubes/late.yml', '--content', cubeYaml('late'));
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/error: 400 .*not a dev-mode branch/);
    // About fifteen CLI processes, each starting tsx: generous for a busy CI machine.
  }, 150_000);
});
