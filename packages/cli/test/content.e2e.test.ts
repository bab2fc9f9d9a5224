import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ApiClient } from '../src/client/api-client.js';
import type { PushReport } from '../src/commands/content-views.js';
import { writeModelFolder } from './support/model-folder.js';
import {
  jsonOf,
  type PlatformResult,
  type RunningServer,
  runPlatform,
  startServer,
  temporaryConfigDirectory,
} from './support/platform-process.js';

const ordersCube = [
  'cubes:',
  '  - name: orders',
  '    sql_table: orders',
  '    measures:',
  '      - name: count',
  '        type: count',
  '    dimensions:',
  '      - name: id',
  '        sql: id',
  '        type: number',
  '        primary_key: true',
  '      - name: status',
  '        sql: status',
  '        type: string',
  '      - name: created_at',
  '        sql: created_at',
  '        type: time',
  '',
].join('\n');

/** Every file of a content directory by its relative path, parsed. */
async function filesOf(directory: string): Promise<Record<string, unknown>> {
  const files: Record<string, unknown> = {
    'content.yaml': parse(await readFile(join(directory, 'content.yaml'), 'utf8')),
  };
  for (const part of ['workbooks', 'reports']) {
    for (const name of (await readdir(join(directory, part))).sort()) {
      files[`${part}/${name}`] = parse(await readFile(join(directory, part, name), 'utf8'));
    }
  }
  return files;
}

describe('platform content pull|push against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let work: string;
  let client: ApiClient;
  let first: number;
  let second: number;
  const ids = { workbook: 0, slugless: 0, reports: [] as string[] };
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const content = (verb: string, directory: string, deployment: number, ...rest: string[]) =>
    platform(['content', verb, directory, '--deployment', String(deployment), ...rest]);
  const push = async (directory: string, deployment: number, ...rest: string[]) => {
    const result = await content('push', directory, deployment, '--json', ...rest);
    expect(result.exitCode, result.stderr).toBe(0);
    return jsonOf<PushReport>(result);
  };
  const reportsOf = async (deploymentId: number) =>
    (await client.call('listReports', { params: { deploymentId }, query: { first: 100 } })).items;
  const workbooksOf = async (deploymentId: number) =>
    (await client.call('listWorkbooks', { params: { deploymentId }, query: { first: 100 } })).items;
  const versions = async (deploymentId: number) => ({
    reports: Object.fromEntries(
      (await reportsOf(deploymentId)).map((report) => [
        report.publicId,
        [report.versionNumber, report.updatedAt],
      ]),
    ),
    workbooks: Object.fromEntries((await workbooksOf(deploymentId)).map((book) => [book.id, book.updatedAt])),
  });

  beforeAll(async () => {
    let model: string;
    [server, configDirectory, work, model] = await Promise.all([
      startServer(),
      temporaryConfigDirectory(),
      mkdtemp(join(tmpdir(), 'platform-content-e2e-')),
      writeModelFolder({ 'model/cubes/orders.yml': ordersCube }),
    ]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    client = new ApiClient({
      apiUrl: server.apiUrl,
      apiKey: server.adminKey,
      authScheme: null,
      userAgent: 'test',
    });
    for (const name of ['content-first', 'content-second']) {
      const created = await client.call('createDeployment', { body: { name, region: 'local' } });
      const deployed = await platform(['deploy', model, '--deployment', String(created.id)]);
      if (deployed.exitCode !== 0) throw new Error(`deploy failed: ${deployed.stderr}`);
      if (name === 'content-first') first = created.id;
      else second = created.id;
    }
    await rm(model, { recursive: true, force: true });

    const params = { deploymentId: first };
    const folder = (name: string, parentId: number | null, position = 0) =>
      client.call('createFolder', { params, body: { name, parentId, position } });
    const sales = await folder('Sales', null, 1);
    await folder('Archive', null, 0);
    const europe = await folder('Europe', sales.id, 2);
    const france = await folder('France', europe.id);
    const workbook = await client.call('createWorkbook', {
      params,
      body: { name: 'Revenue', slug: 'revenue', folderId: europe.id, meta: { a: 1, layout: { columns: 2 } } },
    });
    const slugless = await client.call('createWorkbook', {
      params,
      body: { name: 'Scratch', folderId: france.id },
    });
    ids.workbook = workbook.id;
    ids.slugless = slugless.id;
    const created = await Promise.all([
      client.call('createReport', {
        params,
        body: {
          name: 'Orders by status',
          kind: 'vega',
          folderId: europe.id,
          workbookId: workbook.id,
          jsonQuery: {
            measures: ['orders.count'],
            dimensions: ['orders.status'],
            timeDimensions: [
              {
                dimension: 'orders.created_at',
                granularity: 'month',
                dateRange: ['2024-01-01', '2024-12-31'],
              },
            ],
          },
          spec: { mark: 'bar', encoding: { x: { field: 'orders.status', type: 'nominal' } } },
          periodComparisons: [
            {
              measure: 'orders.count',
              timeDimension: 'orders.created_at',
              offset: { amount: 1, unit: 'year' },
            },
          ],
        },
      }),
      client.call('createReport', {
        params,
        body: {
          name: 'Count in SQL',
          folderId: france.id,
          workbookId: slugless.id,
          sqlQuery: 'SELECT MEASURE(count) FROM orders',
        },
      }),
      client.call('createReport', {
        params,
        body: {
          name: 'At the root',
          title: 'Root',
          jsonQuery: { measures: ['orders.count'] },
          preferences: { columnFormats: { 'orders.count': { type: 'number', decimalPlaces: 0 } } },
          meta: { owner: 'finance' },
        },
      }),
    ]);
    ids.reports = created.map((report) => report.publicId);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all(
      [configDirectory, work].filter(Boolean).map((path) => rm(path, { recursive: true, force: true })),
    );
  });

  it('pulls the tree, workbooks (one filed by id) and reports into files', async () => {
    const directory = join(work, 'first');
    const pulled = await content('pull', directory, first);
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain('4 folders, 2 workbooks, 3 reports written');
    const files = await filesOf(directory);
    expect(Object.keys(files).sort()).toEqual(
      [
        'content.yaml',
        'workbooks/revenue.yaml',
        `workbooks/workbook-${ids.slugless}.yaml`,
        ...ids.reports.map((publicId) => `reports/${publicId}.yaml`),
      ].sort(),
    );
    expect(files['content.yaml']).toEqual({
      format: 'platform-content/1',
      folders: [
        { name: 'Archive', position: 0, folders: [] },
        {
          name: 'Sales',
          position: 1,
          folders: [{ name: 'Europe', position: 2, folders: [{ name: 'France', position: 0, folders: [] }] }],
        },
      ],
    });
    expect(files['workbooks/revenue.yaml']).toEqual({
      slug: 'revenue',
      name: 'Revenue',
      folder: ['Sales', 'Europe'],
      isShared: true,
      meta: { a: 1, layout: { columns: 2 } },
    });
    const [byStatus, inSql, atRoot] = ids.reports.map((publicId) => files[`reports/${publicId}.yaml`]);
    expect(byStatus).toMatchObject({
      name: 'Orders by status',
      kind: 'vega',
      folder: ['Sales', 'Europe'],
      workbook: 'revenue',
      sqlQuery: null,
      spec: { mark: 'bar' },
      periodComparisons: [{ measure: 'orders.count', offset: { amount: 1, unit: 'year' } }],
    });
    expect(inSql).toMatchObject({
      folder: ['Sales', 'Europe', 'France'],
      workbook: `workbook-${ids.slugless}`,
      jsonQuery: null,
      sqlQuery: 'SELECT MEASURE(count) FROM orders',
    });
    expect(atRoot).toMatchObject({
      folder: [],
      workbook: null,
      title: 'Root',
      preferences: { columnFormats: { 'orders.count': { type: 'number', decimalPlaces: 0 } } },
    });
  });

  it('pushes the pulled directory back as all unchanged, moving no version', async () => {
    const directory = join(work, 'first');
    const before = await versions(first);
    const report = await push(directory, first);
    expect(report.summary).toEqual({
      folders: { created: 0, updated: 0, unchanged: 4 },
      workbooks: { created: 0, updated: 0, unchanged: 2 },
      reports: { created: 0, updated: 0, unchanged: 3 },
    });
    expect(report.done).toEqual([]);
    expect(await versions(first)).toEqual(before);
    const human = await content('push', directory, first);
    expect(human.stdout).toContain('reports: 0 created, 0 updated, 3 unchanged');
  });

  it('pushes exactly the edited report, workbook and new folder; a dry run writes nothing', async () => {
    const directory = join(work, 'first');
    const [, , rootReport] = ids.reports;
    const reportFile = join(directory, 'reports', `${rootReport}.yaml`);
    await writeFile(
      reportFile,
      (await readFile(reportFile, 'utf8')).replace('name: At the root', 'name: Renamed'),
    );
    const workbookFile = join(directory, 'workbooks', 'revenue.yaml');
    await writeFile(workbookFile, (await readFile(workbookFile, 'utf8')).replace(/^ {2}a: 1\n/m, ''));
    const contentFile = join(directory, 'content.yaml');
    const tree = parse(await readFile(contentFile, 'utf8'));
    tree.folders[1].folders[0].folders.push({ name: 'Germany', position: 5, folders: [] });
    await writeFile(contentFile, JSON.stringify(tree));
    const before = await versions(first);

    const planned = await push(directory, first, '--dry-run');
    expect(planned.done).toBeNull();
    expect(planned.steps.map((step) => [step.action, step.label, step.changes])).toEqual([
      ['create', 'folder Sales/Europe/Germany', []],
      ['update', 'workbook revenue', ['meta']],
      ['update', `report ${rootReport}`, ['name']],
    ]);
    expect(await versions(first)).toEqual(before);

    const pushed = await push(directory, first);
    expect(pushed.summary).toEqual({
      folders: { created: 1, updated: 0, unchanged: 4 },
      workbooks: { created: 0, updated: 1, unchanged: 1 },
      reports: { created: 0, updated: 1, unchanged: 2 },
    });
    const after = await versions(first);
    expect(after.reports[rootReport as string]?.[0]).toBe(2);
    for (const publicId of ids.reports.slice(0, 2))
      expect(after.reports[publicId]).toEqual(before.reports[publicId]);
    expect(after.workbooks[ids.slugless]).toEqual(before.workbooks[ids.slugless]);
    const revenue = await client.call('getWorkbook', {
      params: { deploymentId: first, workbookId: ids.workbook },
    });
    // The upsert merges meta, so removing a key goes through the update by id.
    expect(revenue.meta).toEqual({ layout: { columns: 2 } });
    const again = await push(directory, first);
    expect(again.steps).toEqual([]);
  });

  it('adopts a workbook without a slug when its workbook-<id> file changes, instead of creating one', async () => {
    const directory = join(work, 'first');
    const file = join(directory, 'workbooks', `workbook-${ids.slugless}.yaml`);
    await writeFile(file, (await readFile(file, 'utf8')).replace('name: Scratch', 'name: Scratch pad'));
    const pushed = await push(directory, first);
    expect(pushed.steps.map((step) => [step.action, step.label, step.changes])).toEqual([
      ['update', `workbook workbook-${ids.slugless}`, ['name']],
    ]);
    const workbooks = await workbooksOf(first);
    expect(workbooks).toHaveLength(2);
    expect(workbooks.find((workbook) => workbook.id === ids.slugless)).toMatchObject({
      name: 'Scratch pad',
      slug: `workbook-${ids.slugless}`,
    });
    expect((await push(directory, first)).steps).toEqual([]);
  });

  it('refuses a broken file naming it, writing nothing; a server refusal stops the push midway', async () => {
    const directory = join(work, 'first');
    const before = await versions(first);
    const [byStatus] = ids.reports;
    const brokenFile = join(directory, 'reports', `${byStatus}.yaml`);
    const original = await readFile(brokenFile, 'utf8');
    await writeFile(brokenFile, original.replace('workbook: revenue', 'workbook: nowhere'));
    const broken = await content('push', directory, first);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain(
      `reports/${byStatus}.yaml: workbook nowhere has no file workbooks/nowhere.yaml`,
    );
    await writeFile(brokenFile, original.replace('kind: vega', 'kind: vega\ntitel: typo'));
    const misspelt = await content('push', directory, first);
    expect(misspelt.exitCode).toBe(1);
    expect(misspelt.stderr).toContain(`reports/${byStatus}.yaml`);
    expect(misspelt.stderr).toContain('titel');
    await writeFile(brokenFile, 'name: [unclosed');
    const unparsable = await content('push', directory, first);
    expect(unparsable.exitCode).toBe(1);
    expect(unparsable.stderr).toContain(`reports/${byStatus}.yaml`);
    expect(await versions(first)).toEqual(before);

    const midway = join(work, 'midway');
    await content('pull', midway, first);
    const tree = parse(await readFile(join(midway, 'content.yaml'), 'utf8'));
    tree.folders.push({ name: 'Midway', position: 0, folders: [] });
    await writeFile(join(midway, 'content.yaml'), JSON.stringify(tree));
    await writeFile(
      join(midway, 'reports', 'Unknown00001.yaml'),
      'publicId: Unknown00001\nname: Bad member\njsonQuery: {measures: [orders.nothing]}\n',
    );
    const failed = await content('push', midway, first, '--json');
    expect(failed.exitCode).toBe(1);
    const report = jsonOf<PushReport>(failed);
    expect(report.done?.map((step) => step.label)).toEqual(['folder Midway']);
    expect(report.failed).toMatchObject({ label: 'report Unknown00001', action: 'create' });
    expect(failed.stderr).toContain('push stopped at report Unknown00001');
    expect(failed.stderr).toContain('has no member `nothing` (1 change was written before it)');
    await writeFile(brokenFile, original);
  });

  it('recreates the same content in another deployment (publicIds are unique in the account)', async () => {
    const directory = join(work, 'first');
    // The first deployment goes, so its reports' publicIds are free for the second one.
    expect((await platform(['deployments', 'delete', String(first)])).exitCode).toBe(0);
    const pushed = await push(directory, second);
    expect(pushed.summary).toEqual({
      folders: { created: 5, updated: 0, unchanged: 0 },
      workbooks: { created: 2, updated: 0, unchanged: 0 },
      reports: { created: 3, updated: 0, unchanged: 0 },
    });
    const copy = join(work, 'second');
    expect((await content('pull', copy, second)).exitCode).toBe(0);
    expect(await filesOf(copy)).toEqual(await filesOf(directory));
    const workbooks = await workbooksOf(second);
    expect(workbooks.map((workbook) => workbook.slug).sort()).toEqual([
      'revenue',
      `workbook-${ids.slugless}`,
    ]);
    expect((await push(copy, second)).steps).toEqual([]);
  });
});
