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

interface LoadAnswer {
  data: Array<Record<string, unknown>>;
}

/** The demo deployment is created and given its sample data and model on the server's first start. */
describe('platform query, meta and deployments token against the demo deployment', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  const platform = (args: string[], environment: Record<string, string> = {}): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory, ...environment });

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const list = jsonOf<{ items: Array<{ id: number; name: string }> }>(
      await platform(['deployments', 'list', '--json']),
    );
    const demo = list.items.find((item) => item.name === 'demo');
    if (!demo) throw new Error('the first start created no demo deployment');
    deployment = String(demo.id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('lists the cubes and their members with meta', async () => {
    const result = await platform(['meta', '--deployment', deployment, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const meta = jsonOf<{ cubes: Array<{ name: string; measures: Array<{ name: string }> }> }>(result);
    const orders = meta.cubes.find((cube) => cube.name === 'orders');
    expect(orders?.measures.map((measure) => measure.name)).toContain('orders.count');
    const human = await platform(['meta', '--deployment', deployment]);
    expect(human.stdout).toMatch(/^cube orders \(/m);
    expect(human.stdout).toMatch(/^orders\.count\s+measure\s+count\s+/m);
  });

  it('answers a JSON query and the same question in SQL with the same number', async () => {
    const load = await platform([
      'query',
      '{"measures":["orders.count"]}',
      '--deployment',
      deployment,
      '--json',
    ]);
    expect(load.exitCode, load.stderr).toBe(0);
    const total = jsonOf<LoadAnswer>(load).data[0]?.['orders.count'];
    expect(typeof total).toBe('number');
    expect(total as number).toBeGreaterThan(0);

    const sql = await platform([
      'query',
      '--sql',
      'SELECT MEASURE(count) AS orders FROM orders',
      '--deployment',
      deployment,
      '--json',
    ]);
    expect(sql.exitCode, sql.stderr).toBe(0);
    const lines = sql.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toEqual({ schema: [{ name: 'orders', column_type: 'number' }] });
    expect(lines.slice(1)).toEqual([{ data: [[total]] }]);
  });

  it('prints a table by default, one column per member', async () => {
    const query =
      '{"measures":["orders.count"],"dimensions":["orders.status"],"order":{"orders.status":"asc"}}';
    const table = await platform(['query', query, '--deployment', deployment]);
    expect(table.exitCode, table.stderr).toBe(0);
    const [header, ...rows] = table.stdout.trim().split('\n');
    expect(header).toMatch(/^orders\.status\s+orders\.count$/);
    const json = jsonOf<LoadAnswer>(await platform(['query', query, '--deployment', deployment, '--json']));
    expect(rows).toHaveLength(json.data.length);
    const sqlTable = await platform([
      'query',
      '--sql',
      'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1',
      '--deployment',
      deployment,
    ]);
    expect(sqlTable.exitCode, sqlTable.stderr).toBe(0);
    expect(sqlTable.stdout.trim().split('\n')[0]).toMatch(/^status\s+orders$/);
    expect(sqlTable.stdout.trim().split('\n')).toHaveLength(rows.length + 1);
  });

  it('shows the generated SQL without running it', async () => {
    const result = await platform([
      'query',
      '{"measures":["orders.count"],"filters":[{"member":"orders.status","operator":"equals","values":["completed"]}]}',
      '--deployment',
      deployment,
      '--show-sql',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/SELECT[\s\S]+\$1/);
    expect(result.stdout).toMatch(/^parameters: \["completed"[,\]]/m);
  });

  it('dry-runs a query: checked against the model, not run', async () => {
    const valid = await platform([
      'query',
      '{"measures":["orders.count"]}',
      '--deployment',
      deployment,
      '--dry-run',
    ]);
    expect(valid.exitCode, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^the query is valid \(regularQuery\)/);
    const unknown = await platform([
      'query',
      '{"measures":["orders.nothing"]}',
      '--deployment',
      deployment,
      '--dry-run',
    ]);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toMatch(/has no member `nothing`/);
  });

  it('creates a deployment token that queries the data API as the credential', async () => {
    const created = await platform([
      'deployments',
      'token',
      deployment,
      '--security-context',
      '{"tenant":"acme"}',
      '--expires-in',
      '600',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(created.stderr).toMatch(/expires at \d{4}-\d\d-\d\dT/);
    const asToken = await platform(
      ['query', '{"measures":["orders.count"]}', '--deployment', deployment, '--json'],
      {
        PLATFORM_API_KEY: token,
      },
    );
    expect(asToken.exitCode, asToken.stderr).toBe(0);
    expect(jsonOf<LoadAnswer>(asToken).data[0]?.['orders.count']).toBeGreaterThan(0);
    const management = await platform(['deployments', 'list'], { PLATFORM_API_KEY: token });
    expect(management.exitCode).toBe(1);
    expect(management.stderr).toMatch(/^error: 401 /);
  });

  it("fails with the server's message for a query it refuses", async () => {
    const unknown = await platform(['query', '{"measures":["orders.nope"]}', '--deployment', deployment]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/^error: 400 .*nope/);
    const malformed = await platform(['query', '{"measures":', '--deployment', deployment]);
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toMatch(/the query must be JSON/);
  });
});
