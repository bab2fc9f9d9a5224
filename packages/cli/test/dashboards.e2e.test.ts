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

interface Dashboard {
  id: number;
  workbookId: number;
  status: string;
  title: string | null;
  allowEmbed: boolean;
  restrictDataDownload: boolean | null;
  versionNumber: number;
  checksum: string;
  config: { widgets: Array<{ id: string; config?: Record<string, unknown> }> };
}

const position = { x: 0, y: 0, w: 6, h: 4 };

describe('platform dashboards against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  let workbookId: string;
  let dashboard: Dashboard;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const inDeployment = (group: string, verb: string, ...rest: string[]) =>
    platform([group, verb, ...rest, '--deployment', deployment]);
  const json = async <Value>(group: string, verb: string, ...rest: string[]) => {
    const result = await inDeployment(group, verb, ...rest, '--json');
    expect(result.exitCode, result.stderr).toBe(0);
    return jsonOf<Value>(result);
  };

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const created = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'dashboards', '--region', 'local', '--json']),
    );
    deployment = String(created.id);
    workbookId = String((await json<{ id: number }>('workbooks', 'create', '--name', 'Board')).id);
    const config = JSON.stringify({
      widgets: [
        { id: 'assistant', type: 'AI', position },
        { id: 'note', type: 'TEXT', position },
      ],
    });
    dashboard = await json<Dashboard>(
      'workbooks',
      'publish',
      workbookId,
      '--config',
      config,
      '--title',
      'Board',
    );
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('lists dashboards and their versions, as tables and as JSON', async () => {
    await json('workbooks', 'publish', workbookId, '--config', '{"widgets":[]}', '--title', 'Board v2');
    const table = await inDeployment('dashboards', 'list');
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+PUBLIC ID\s+TITLE\s+WORKBOOK\s+STATUS\s+VERSION\s+WIDGETS/);
    expect(table.stdout).toContain('Board v2');
    const page = await json<{ items: Dashboard[] }>('dashboards', 'list', '--status', 'published');
    expect(page.items.map((item) => [item.id, item.versionNumber])).toEqual([[dashboard.id, 2]]);
    const versions = await json<{ items: Array<{ versionNumber: number; widgetCount: number }> }>(
      'dashboards',
      'versions',
      String(dashboard.id),
      '--first',
      '1',
      '--all',
    );
    expect(versions.items.map((item) => [item.versionNumber, item.widgetCount])).toEqual([
      [2, 0],
      [1, 2],
    ]);
    const refused = await inDeployment('dashboards', 'list', '--status', 'gone');
    expect(refused.exitCode).not.toBe(0);
  });

  it('archives, restores and updates a dashboard', async () => {
    const archived = await json<Dashboard>('dashboards', 'archive', String(dashboard.id));
    expect(archived.status).toBe('archived');
    expect(
      (await json<{ items: Dashboard[] }>('dashboards', 'list', '--status', 'archived')).items,
    ).toHaveLength(1);
    const restored = await json<Dashboard>('dashboards', 'restore', String(dashboard.id));
    expect(restored.status).toBe('published');
    const updated = await json<Dashboard>(
      'dashboards',
      'update',
      String(dashboard.id),
      '--title',
      'Renamed',
      '--allow-embed',
      '--restrict-data-download',
    );
    expect(updated).toMatchObject({ title: 'Renamed', allowEmbed: true, restrictDataDownload: true });
    const cleared = await json<Dashboard>('dashboards', 'update', String(dashboard.id), '--no-allow-embed');
    expect(cleared.allowEmbed).toBe(false);
    const nothing = await inDeployment('dashboards', 'update', String(dashboard.id));
    expect(nothing.exitCode).not.toBe(0);
    expect(nothing.stderr).toMatch(/nothing to change/);
  });

  it('attaches an AI widget thread, refusing a stale checksum', async () => {
    await json(
      'workbooks',
      'publish',
      workbookId,
      '--config',
      JSON.stringify({ widgets: [{ id: 'assistant', type: 'AI', position }] }),
    );
    const current = await json<Dashboard>('dashboards', 'get', String(dashboard.id));
    const attached = await json<Dashboard>(
      'workbooks',
      'ai-thread',
      workbookId,
      '--widget',
      'assistant',
      '--thread',
      'cli-thread',
      '--checksum',
      current.checksum,
    );
    expect(attached.config.widgets[0]?.config).toEqual({ threadId: 'cli-thread' });
    const stale = await inDeployment(
      'workbooks',
      'ai-thread',
      workbookId,
      '--widget',
      'assistant',
      '--thread',
      'other',
      '--checksum',
      dashboard.checksum,
    );
    expect(stale.exitCode).not.toBe(0);
    expect(stale.stderr).toMatch(/published again/);
  });

  it('grants rights on a dashboard with platform policies', async () => {
    const user = jsonOf<{ id: number }>(
      await platform(['users', 'create', '--email', 'dashboard-viewer@example.com', '--json']),
    );
    const granted = await platform([
      'policies',
      'set-user',
      '--resource-type',
      'dashboard',
      '--resource-id',
      String(dashboard.id),
      '--user',
      String(user.id),
      '--action',
      'edit',
      '--json',
    ]);
    expect(granted.exitCode, granted.stderr).toBe(0);
    expect(jsonOf(granted)).toMatchObject({
      resourceType: 'dashboard',
      resourceId: dashboard.id,
      users: [{ userId: user.id, action: 'edit' }],
    });
    const shown = await platform([
      'policies',
      'get',
      '--resource-type',
      'dashboard',
      '--resource-id',
      String(dashboard.id),
    ]);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('dashboard-viewer@example.com');
  });
});
