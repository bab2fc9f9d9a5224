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

interface Deployment {
  id: number;
  name: string;
  creationStep: string;
  deploymentUrl: string;
}

interface Settings extends Deployment {
  region: string;
  releaseChannel: string;
  releaseChannelVersion: string | null;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe('platform CLI against a real server: deployments, logs, variables, regions', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deploymentId: number;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('lists regions', async () => {
    const table = await platform(['regions']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+DEFAULT/);
    const regions = jsonOf<Page<{ id: string; isDefault: boolean }>>(await platform(['regions', '--json']));
    expect(regions.items.some((region) => region.isDefault)).toBe(true);
  });

  it('creates a deployment, then gets and lists it', async () => {
    const created = jsonOf<Settings>(
      await platform([
        'deployments',
        'create',
        '--name',
        'shop',
        '--region',
        'local',
        '--cloud-provider',
        'aws',
        '--creation-method',
        'upload',
        '--deploy-mode',
        'cli',
        '--json',
      ]),
    );
    expect(created).toMatchObject({
      name: 'shop',
      region: 'local',
      creationStep: 'project',
      cloudProvider: 'aws',
    });
    deploymentId = created.id;

    const got = await platform(['deployments', 'get', String(deploymentId)]);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(got.stdout).toMatch(/name:\s+shop/);
    expect(got.stdout).toMatch(/creation step:\s+project/);

    const list = await platform(['deployments', 'list']);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+STEP\s+URL/);
    expect(list.stdout).toMatch(new RegExp(`${deploymentId}\\s+shop\\s+project`));
    const atProject = jsonOf<Page<Deployment>>(
      await platform(['deployments', 'list', '--creation-step', 'project', '--json']),
    );
    expect(atProject.items.map((deployment) => deployment.id)).toEqual([deploymentId]);
  });

  it('follows cursors with --all', async () => {
    await platform(['deployments', 'create', '--name', 'second']);
    const firstPage = jsonOf<Page<Deployment>>(
      await platform(['deployments', 'list', '--first', '1', '--json']),
    );
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const all = jsonOf<Page<Deployment>>(
      await platform(['deployments', 'list', '--first', '1', '--all', '--json']),
    );
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.items.map((deployment) => deployment.id)).size).toBe(all.items.length);
    const second = jsonOf<Page<Deployment>>(
      await platform([
        'deployments',
        'list',
        '--first',
        '1',
        '--after',
        firstPage.pageInfo.endCursor ?? '',
        '--json',
      ]),
    );
    expect(second.items[0]?.id).not.toBe(firstPage.items[0]?.id);
  });

  it('updates settings, pins a listed engine version and refuses an unknown one', async () => {
    const versions = jsonOf<{ items: { version: string; isCurrent: boolean }[] }>(
      await platform(['deployments', 'versions', String(deploymentId), '--json']),
    );
    expect(versions.items.length).toBeGreaterThan(0);
    const versionTable = await platform(['deployments', 'versions', String(deploymentId)]);
    expect(versionTable.stdout).toMatch(/^VERSION\s+CHANNEL\s+CURRENT\s+IMAGE/);
    const version = versions.items[0]?.version ?? '';

    const updated = jsonOf<Settings>(
      await platform([
        'deployments',
        'update',
        String(deploymentId),
        '--name',
        'shop-renamed',
        '--release-channel-version',
        `v${version}`,
        '--json',
      ]),
    );
    expect(updated.name).toBe('shop-renamed');
    expect(updated.releaseChannelVersion).toContain(version);

    const settings = await platform(['deployments', 'settings', String(deploymentId)]);
    expect(settings.exitCode).toBe(0);
    expect(settings.stdout).toMatch(/name:\s+shop-renamed/);
    expect(settings.stdout).toMatch(/region:\s+local/);

    const unknown = await platform([
      'deployments',
      'update',
      String(deploymentId),
      '--release-channel-version',
      '99.99.99',
    ]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/^error: 400 .*99\.99\.99/);
    const nothing = await platform(['deployments', 'update', String(deploymentId)]);
    expect(nothing.exitCode).toBe(2);
  });

  it('advances and resets the creation step', async () => {
    const advanced = jsonOf<Deployment>(
      await platform(['deployments', 'advance-step', String(deploymentId), '--json']),
    );
    expect(advanced.creationStep).not.toBe('project');
    const reset = await platform(['deployments', 'reset-step', String(deploymentId)]);
    expect(reset.exitCode, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/creation step:\s+project/);
  });

  it('shows pods, build status and logs', async () => {
    const pods = await platform(['deployments', 'pods', String(deploymentId)]);
    expect(pods.exitCode, pods.stderr).toBe(0);
    expect(pods.stdout).toMatch(/^NAME\s+TYPE\s+STATUS\s+READY/);
    const status = jsonOf<{ deploymentId: number; status: string }>(
      await platform(['deployments', 'build-status', String(deploymentId), '--json']),
    );
    expect(status.deploymentId).toBe(deploymentId);
    const statusText = await platform(['deployments', 'build-status', String(deploymentId)]);
    expect(statusText.stdout).toMatch(/status:\s+\w+/);

    const logs = jsonOf<Page<{ pod: string; date: string; message: string }>>(
      await platform(['logs', String(deploymentId), '--json']),
    );
    expect(Array.isArray(logs.items)).toBe(true);
    const logTable = await platform([
      'logs',
      String(deploymentId),
      '--source',
      'production',
      '--container',
      'api-proxy',
    ]);
    expect(logTable.exitCode, logTable.stderr).toBe(0);
    const badContainer = await platform(['logs', String(deploymentId), '--container', 'nope']);
    expect(badContainer.exitCode).toBe(2);
  });

  it('sets variables, reads secrets back as [ENCRYPTED], reveals and unsets them', async () => {
    const set = await platform([
      'variables',
      'set',
      String(deploymentId),
      'PLATFORM_DB_TYPE=duckdb',
      'DB_PASSWORD=hunter2=x',
      'REMOVE_ME=1',
    ]);
    expect(set.exitCode, set.stderr).toBe(0);
    const list = await platform(['variables', 'list', String(deploymentId)]);
    expect(list.stdout).toMatch(/DB_PASSWORD\s+\[ENCRYPTED\]\s+yes/);
    expect(list.stdout).toMatch(/PLATFORM_DB_TYPE\s+duckdb\s+no/);
    expect(list.stdout).not.toContain('hunter2');
    const revealed = jsonOf<{ items: { name: string; value: string }[] }>(
      await platform(['variables', 'list', String(deploymentId), '--reveal', '--json']),
    );
    expect(revealed.items.find((variable) => variable.name === 'DB_PASSWORD')?.value).toBe('hunter2=x');

    const unset = jsonOf<{ items: { name: string }[] }>(
      await platform(['variables', 'set', String(deploymentId), '--unset', 'REMOVE_ME', '--json']),
    );
    expect(unset.items.map((variable) => variable.name)).not.toContain('REMOVE_ME');
    const malformed = await platform(['variables', 'set', String(deploymentId), 'NOEQUALS']);
    expect(malformed.exitCode).toBe(2);
  });

  it('deletes a deployment, after which it is a 404', async () => {
    const deleted = await platform(['deployments', 'delete', String(deploymentId)]);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    const gone = await platform(['deployments', 'get', String(deploymentId)]);
    expect(gone.exitCode).toBe(1);
    expect(gone.stderr).toMatch(new RegExp(`^error: 404 .*${deploymentId}.*\\(request id \\S+\\)`));
  });
});
