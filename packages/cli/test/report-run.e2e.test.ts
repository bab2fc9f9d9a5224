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

type Row = Record<string, unknown>;

const databaseUrl = process.env.DATABASE_URL;
const query = {
  measures: ['orders.count'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
  order: [
    ['orders.ordered_at', 'asc'],
    ['orders.status', 'asc'],
  ],
};

/**
 * `platform reports run` against a real server: the report is created with `platform reports create`
 * (through `POST .../reports`), then run. The server runs on its embedded store, or, when DATABASE_URL
 * is set (as CI sets it), on PostgreSQL in a schema of its own.
 */
describe('platform reports run against the demo deployment', () => {
  const schema = `cli_reports_${randomBytes(6).toString('hex')}`;
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  let reportId: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });

  async function dropSchema(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
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
    const created = await platform([
      'reports',
      'create',
      '--name',
      'orders by status',
      '--json-query',
      JSON.stringify(query),
      '--deployment',
      deployment,
      '--json',
    ]);
    if (created.exitCode !== 0) throw new Error(`reports create failed: ${created.stderr}`);
    reportId = String(jsonOf<{ id: number }>(created).id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
    if (databaseUrl) await dropSchema(databaseUrl);
  });

  it('prints the rows as a table, one column per schema column', async () => {
    const result = await platform(['reports', 'run', reportId, '--deployment', deployment]);
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...lines] = result.stdout.trim().split('\n');
    expect(header?.split(/\s{2,}/).sort()).toEqual([
      'orders.count',
      'orders.ordered_at.month',
      'orders.status',
    ]);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((line) => /completed/.test(line))).toBe(true);
  });

  it('prints the result with --json: the rows platform query gives, filtered and regrained as asked', async () => {
    const filters = [{ member: 'orders.status', operator: 'equals', values: ['completed'] }];
    const result = await platform([
      'reports',
      'run',
      reportId,
      '--deployment',
      deployment,
      '--filters',
      JSON.stringify(filters),
      '--time-grain',
      'year',
      '--json',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const run = jsonOf<{ data: Row[]; schema: Array<{ name: string }>; sqlQuery: string }>(result);
    const yearly = {
      ...query,
      timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'year' }],
      filters,
    };
    const load = jsonOf<{ data: Row[] }>(
      await platform(['query', JSON.stringify(yearly), '--deployment', deployment, '--json']),
    );
    expect(run.data).toEqual(load.data);
    expect(run.data.every((row) => row['orders.status'] === 'completed')).toBe(true);
    expect(run.schema.map((column) => column.name)).toContain('orders.ordered_at.year');
  });

  it('fails with the server message for a report that does not exist', async () => {
    const result = await platform(['reports', 'run', '999999', '--deployment', deployment]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/report 999999 not found/);
  });
});
