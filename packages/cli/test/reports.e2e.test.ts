import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

interface Report {
  id: number;
  publicId: string;
  name: string;
  kind: string;
  spec: unknown;
  jsonQuery: unknown;
  sqlQuery: string | null;
  description: string | null;
  versionNumber: number;
  externalWorkbookPlacements: Array<{
    workbookId: string;
    resultLocation: string;
    endResultCell: string | null;
  }>;
}

describe('platform CLI against a real server: reports', () => {
  let server: RunningServer;
  let configDirectory: string;
  let workDirectory: string;
  let deploymentId: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const reports = (...args: string[]) => platform(['reports', ...args, '--deployment', deploymentId]);

  beforeAll(async () => {
    [server, configDirectory, workDirectory] = await Promise.all([
      startServer(),
      temporaryConfigDirectory(),
      mkdtemp(join(tmpdir(), 'platform-reports-e2e-')),
    ]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const deployments = jsonOf<{ items: Array<{ id: number; name: string }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    deploymentId = String(deployments.items.find((item) => item.name === 'demo')?.id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
    if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
  });

  it('creates, lists, reads, updates, connects, refreshes and deletes a report', async () => {
    const specFile = join(workDirectory, 'chart.json');
    await writeFile(
      specFile,
      JSON.stringify({ mark: 'bar', encoding: { x: { field: 'orders.status', type: 'nominal' } } }),
    );
    const created = jsonOf<Report>(
      await reports(
        'create',
        '--name',
        'Orders by status',
        '--json-query',
        '{"measures":["orders.count"],"dimensions":["orders.status"]}',
        '--spec',
        `@${specFile}`,
        '--kind',
        'vega',
        '--data',
        '{"description":"from the CLI"}',
        '--json',
      ),
    );
    expect(created).toMatchObject({
      name: 'Orders by status',
      kind: 'vega',
      description: 'from the CLI',
      spec: { mark: 'bar' },
      versionNumber: 1,
    });

    const list = await reports('list', '--sort-by', 'name');
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^ID\s+PUBLIC ID\s+NAME\s+KIND/);
    expect(list.stdout).toContain('Orders by status');

    const shown = await reports('get', String(created.id));
    expect(shown.stdout).toMatch(/public id:\s+[0-9A-Za-z]{12}/);

    const updated = jsonOf<Report>(
      await reports('update', String(created.id), '--sql', 'SELECT MEASURE(count) FROM orders', '--json'),
    );
    expect(updated).toMatchObject({
      sqlQuery: 'SELECT MEASURE(count) FROM orders',
      jsonQuery: null,
      versionNumber: 2,
    });

    const connected = jsonOf<Report>(
      await reports(
        'connect-workbook',
        String(created.id),
        '--external-workbook',
        'sheet-1',
        '--location',
        'Sheet1!A1',
        '--end-cell',
        'B9',
        '--json',
      ),
    );
    expect(connected.externalWorkbookPlacements).toEqual([
      { workbookId: 'sheet-1', resultLocation: 'Sheet1!A1', endResultCell: 'B9' },
    ]);

    const refreshed = await reports('refresh', String(created.id));
    expect(refreshed.exitCode, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toContain('compiles');

    const deleted = await reports('delete', String(created.id));
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    const gone = await reports('get', String(created.id));
    expect(gone.exitCode).not.toBe(0);
    expect(gone.stderr).toContain('404');
  });

  it('upserts by publicId and shows the server refusing a bad spec with its path', async () => {
    const first = jsonOf<Report>(await reports('upsert', 'CliUpsert001', '--name', 'As code', '--json'));
    const second = jsonOf<Report>(await reports('upsert', 'CliUpsert001', '--name', 'As code', '--json'));
    expect(second).toMatchObject({ id: first.id, versionNumber: 1 });
    const bad = await reports('update', String(first.id), '--spec', '{"mark":"barz"}');
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('spec.mark');
  });
});
