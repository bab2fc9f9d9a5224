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

interface Workbook {
  id: number;
  name: string;
  slug: string | null;
  folderId: number | null;
  user: { email: string };
  meta: Record<string, unknown>;
  isShared: boolean;
}

describe('platform workbooks against a real server', () => {
  let server: RunningServer;
  let configDirectory: string;
  let filesDirectory: string;
  let deployment: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const workbooks = (verb: string, ...rest: string[]) =>
    platform(['workbooks', verb, ...rest, '--deployment', deployment]);
  const json = async <Value>(verb: string, ...rest: string[]) => {
    const result = await workbooks(verb, ...rest, '--json');
    expect(result.exitCode, result.stderr).toBe(0);
    return jsonOf<Value>(result);
  };

  beforeAll(async () => {
    [server, configDirectory, filesDirectory] = await Promise.all([
      startServer(),
      temporaryConfigDirectory(),
      mkdtemp(join(tmpdir(), 'platform-workbooks-e2e-')),
    ]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const created = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'workbooks', '--region', 'local', '--json']),
    );
    deployment = String(created.id);
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all(
      [configDirectory, filesDirectory]
        .filter(Boolean)
        .map((path) => rm(path, { recursive: true, force: true })),
    );
  });

  it('creates, lists, shows, updates and deletes a workbook', async () => {
    const created = await json<Workbook>(
      'create',
      '--name',
      'Revenue',
      '--slug',
      'revenue',
      '--meta',
      '{"a":1}',
    );
    expect(created).toMatchObject({ name: 'Revenue', slug: 'revenue', meta: { a: 1 }, isShared: true });
    const table = await workbooks('list');
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+SLUG\s+FOLDER\s+OWNER\s+SHARED\s+UPDATED/);
    expect(table.stdout).toContain('Revenue');
    expect(table.stdout).toContain('admin@localhost');
    const shown = await workbooks('get', String(created.id));
    expect(shown.stdout).toMatch(/folder path:\s+\//);
    const updated = await json<Workbook>(
      'update',
      String(created.id),
      '--name',
      'Revenue 2',
      '--folder',
      '0',
      '--no-shared',
      '--clear-slug',
    );
    expect(updated).toMatchObject({ name: 'Revenue 2', folderId: null, isShared: false, slug: null });
    const deleted = await workbooks('delete', String(created.id));
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`deleted workbook ${created.id}`);
    const missing = await workbooks('get', String(created.id));
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/404/);
  });

  it('upserts by slug, merging meta, and saves a dashboard draft from a file', async () => {
    const first = await json<Workbook>('upsert', 'Weekly', '--meta', '{"a":1}');
    expect(first).toMatchObject({ slug: 'weekly', name: 'weekly', meta: { a: 1 } });
    const second = await json<Workbook>('upsert', 'weekly', '--name', 'Weekly', '--meta', '{"b":2}');
    expect(second).toMatchObject({ id: first.id, name: 'Weekly', meta: { a: 1, b: 2 } });
    const invalid = await workbooks('upsert', 'no_underscores');
    expect(invalid.exitCode).toBe(1);
    expect(invalid.stderr).toMatch(/400/);
    const draftFile = join(filesDirectory, 'draft.json');
    await writeFile(draftFile, JSON.stringify({ widgets: [{ id: 'w1' }] }));
    const saved = await json<{ dashboardDraft: unknown; dashboardPublished: unknown }>(
      'dashboard',
      String(first.id),
      '--draft',
      `@${draftFile}`,
    );
    expect(saved).toEqual({ dashboardDraft: { widgets: [{ id: 'w1' }] }, dashboardPublished: null });
    const human = await workbooks('dashboard', String(first.id), '--draft', 'null');
    expect(human.stdout).toMatch(/draft:\s+none/);
    const notJson = await workbooks('dashboard', String(first.id), '--draft', '{oops');
    expect(notJson.exitCode).toBe(2);
  });

  it('duplicates a workbook, privately or shared', async () => {
    const source = await json<Workbook>('create', '--name', 'Source');
    const privateCopy = await json<Workbook>('duplicate', String(source.id));
    expect(privateCopy).toMatchObject({ name: 'Source (copy)', isShared: false, slug: null });
    const sharedCopy = await json<Workbook>('duplicate', String(source.id), '--shared');
    expect(sharedCopy).toMatchObject({ name: 'Source (copy)', isShared: true });
    const listed = await json<{ items: Workbook[] }>('list', '--folder', '0', '--all');
    expect(listed.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([source.id, privateCopy.id, sharedCopy.id]),
    );
  });
});
