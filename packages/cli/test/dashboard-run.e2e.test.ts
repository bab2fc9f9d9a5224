import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

const databaseUrl = process.env.DATABASE_URL;
const query = {
  measures: ['orders.count'],
  dimensions: ['orders.status'],
  order: [['orders.status', 'asc']],
};

/**
 * `platform dashboards run` against a real server: a report and a workbook made with the CLI, the
 * dashboard published with `platform workbooks publish`, then one widget run as a table, as JSON and as CSV.
 */
describe('platform dashboards run against the demo deployment', () => {
  const schema = `cli_widgets_${randomBytes(6).toString('hex')}`;
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  let dashboardId: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });

  async function created(args: string[]): Promise<string> {
    const result = await platform([...args, '--deployment', deployment, '--json']);
    if (result.exitCode !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    return String(jsonOf<{ id: number }>(result).id);
  }

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([
      startServer(databaseUrl ? { DATABASE_URL: databaseUrl, PLATFORM_DATABASE_SCHEMA: schema } : {}),
      temporaryConfigDirectory(),
    ]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const list = jsonOf<{ items: Array<{ id: number; name: string }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    const demo = list.items.find((item) => item.name === 'demo');
    if (!demo) throw new Error('the first start created no demo deployment');
    deployment = String(demo.id);
    const reportId = await created([
      'reports',
      'create',
      '--name',
      'by status',
      '--json-query',
      JSON.stringify(query),
    ]);
    const workbookId = await created(['workbooks', 'create', '--name', 'board']);
    const position = { x: 0, y: 0, w: 6, h: 4 };
    const config = {
      widgets: [
        { id: 'chart', type: 'CHART', position, config: { reportId: Number(reportId) } },
        { id: 'status', type: 'FILTER', position, config: { member: 'orders.status' } },
      ],
    };
    dashboardId = await created(['workbooks', 'publish', workbookId, '--config', JSON.stringify(config)]);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end());
    }
  });

  it('prints the rows platform query gives, filtered as asked; --csv prints the CSV file', async () => {
    const filters = [{ member: 'orders.status', operator: 'equals', values: ['completed'] }];
    const run = (...extra: string[]) =>
      platform(['dashboards', 'run', dashboardId, 'chart', '--deployment', deployment, ...extra]);
    const table = await run();
    expect(table.exitCode, table.stderr).toBe(0);
    expect(
      table.stdout
        .split('\n')[0]
        ?.split(/\s{2,}/)
        .sort(),
    ).toEqual(['orders.count', 'orders.status']);
    const json = await run('--filters', JSON.stringify(filters), '--json');
    expect(json.exitCode, json.stderr).toBe(0);
    const load = jsonOf<{ data: unknown[] }>(
      await platform(['query', JSON.stringify({ ...query, filters }), '--deployment', deployment, '--json']),
    );
    expect(jsonOf<{ data: unknown[] }>(json).data).toEqual(load.data);
    const csv = await run('--filters', JSON.stringify(filters), '--csv');
    expect(csv.exitCode, csv.stderr).toBe(0);
    const [row] = load.data as Array<Record<string, unknown>>;
    expect(csv.stdout).toBe(`orders.status,orders.count\r\ncompleted,${String(row?.['orders.count'])}\r\n`);
  });

  it('fails with the server message for a widget the dashboard does not have', async () => {
    const result = await platform(['dashboards', 'run', dashboardId, 'nowhere', '--deployment', deployment]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/widget "nowhere"/);
  });
});
