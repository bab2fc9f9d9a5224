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

interface Folder {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
  folderPath: Array<{ id: number; name: string }>;
}

interface WorkspaceItem {
  type: string;
  id: number;
  name: string;
  folderId: number | null;
}

describe('platform folders and platform workspace', () => {
  let server: RunningServer;
  let configDirectory: string;
  let deployment: string;
  const platform = (args: string[]): Promise<PlatformResult> =>
    runPlatform(args, { PLATFORM_CONFIG_DIR: configDirectory });
  const folders = (...words: string[]) => platform(['folders', ...words, '--deployment', deployment]);
  const workspace = (...words: string[]) => platform(['workspace', ...words, '--deployment', deployment]);
  const created = async (...words: string[]) => jsonOf<Folder>(await folders('create', ...words, '--json'));

  beforeAll(async () => {
    [server, configDirectory] = await Promise.all([startServer(), temporaryConfigDirectory()]);
    const login = await platform(['login', '--api-key', server.adminKey, '--url', server.apiUrl]);
    if (login.exitCode !== 0) throw new Error(`login failed: ${login.stderr}`);
    const made = jsonOf<{ id: number }>(
      await platform(['deployments', 'create', '--name', 'workspace-cli', '--region', 'local', '--json']),
    );
    deployment = String(made.id);
  });
  afterAll(async () => {
    await server?.stop();
    if (configDirectory) await rm(configDirectory, { recursive: true, force: true });
  });

  it('creates, lists, shows, renames and climbs folders', async () => {
    const finance = await created('--name', 'Finance');
    const budgets = await created('--name', 'Budgets', '--parent', String(finance.id), '--position', '2');
    expect(budgets).toMatchObject({ parentId: finance.id, position: 2, folderPath: [{ id: finance.id }] });

    const table = await folders('list');
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+PARENT\s+POSITION\s+UPDATED/);
    expect(table.stdout).toContain('Finance');
    expect(table.stdout).not.toContain('Budgets');
    const children = jsonOf<{ items: Folder[] }>(
      await folders('list', '--parent', String(finance.id), '--json'),
    );
    expect(children.items.map((folder) => folder.name)).toEqual(['Budgets']);

    const shown = await folders('get', String(budgets.id));
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/path:\s+\/Finance/);

    const renamed = await folders('update', String(budgets.id), '--name', 'Plans');
    expect(renamed.exitCode, renamed.stderr).toBe(0);
    expect(renamed.stdout).toMatch(/name:\s+Plans/);
    const nothing = await folders('update', String(budgets.id));
    expect(nothing.exitCode).toBe(2);

    const ancestors = await folders('ancestors', String(budgets.id), '--json');
    expect(jsonOf<Folder[]>(ancestors).map((folder) => folder.id)).toEqual([finance.id]);
    expect((await folders('ancestors', String(finance.id))).stdout).toContain('the folder is at the root');

    const clash = await folders('create', '--name', 'Finance');
    expect(clash.exitCode).not.toBe(0);
    expect(clash.stderr).toMatch(/already exists/);
  });

  it('lists, searches, moves and bulk-moves workspace items', async () => {
    const archive = await created('--name', 'Archive');
    const old = await created('--name', 'Old reports');
    const older = await created('--name', 'Older reports');

    const list = await workspace('list');
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^TYPE\s+ID\s+NAME\s+FOLDER\s+UPDATED/);
    expect(list.stdout).toContain('Archive');
    const searched = jsonOf<{ items: WorkspaceItem[] }>(
      await workspace(
        'list',
        '--search',
        'reports',
        '--type',
        'folder',
        '--order-by',
        'name',
        '--desc',
        '--json',
      ),
    );
    expect(searched.items.map((item) => item.name)).toEqual(['Older reports', 'Old reports']);

    const moved = await workspace('move', `folder:${old.id}`, '--to', String(archive.id));
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(new RegExp(`folder:\\s+${archive.id}`));
    const selfMove = await workspace('move', `folder:${archive.id}`, '--to', String(old.id));
    expect(selfMove.exitCode).not.toBe(0);
    expect(selfMove.stderr).toMatch(/cannot move into/);

    const bulk = await workspace(
      'bulk-move',
      `folder:${older.id}`,
      'report:999999',
      '--to',
      String(archive.id),
    );
    expect(bulk.exitCode, bulk.stderr).toBe(0);
    expect(bulk.stdout).toContain(`moved 1: folder:${older.id}`);
    expect(bulk.stdout).toMatch(/report:999999\s+404\s+report 999999 not found/);
    const inArchive = jsonOf<{ items: WorkspaceItem[] }>(
      await workspace('shared', '--folder', String(archive.id), '--json'),
    );
    expect(inArchive.items.map((item) => item.id)).toEqual([old.id, older.id]);

    const back = jsonOf<WorkspaceItem>(await workspace('move', `folder:${old.id}`, '--to', 'root', '--json'));
    expect(back.folderId).toBeNull();
    expect((await workspace('move', 'chart:3', '--to', 'root')).exitCode).toBe(2);
  });

  it('deletes empty folders, refuses full ones, and deletes everything with --recursive', async () => {
    const full = await created('--name', 'Full');
    const inner = await created('--name', 'Inner', '--parent', String(full.id));
    const refused = await folders('delete', String(full.id));
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toMatch(/recursive/);
    const bulkRefused = jsonOf<{
      deleted: unknown[];
      failed: Array<{ id: number; error: { status: number } }>;
    }>(await workspace('bulk-delete', `folder:${full.id}`, '--json'));
    expect(bulkRefused.failed).toEqual([
      expect.objectContaining({ id: full.id, error: expect.objectContaining({ status: 400 }) }),
    ]);

    const deleted = await folders('delete', String(full.id), '--recursive');
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stdout.trim()).toBe(`deleted folder ${full.id}`);
    expect((await folders('get', String(inner.id))).exitCode).not.toBe(0);

    const one = await created('--name', 'One');
    const two = await created('--name', 'Two');
    const bulk = await workspace('bulk-delete', `folder:${one.id},folder:${two.id}`, `workbook:999999`);
    expect(bulk.exitCode, bulk.stderr).toBe(0);
    expect(bulk.stdout).toContain(`deleted 2: folder:${one.id} folder:${two.id}`);
    expect(bulk.stdout).toMatch(/workbook:999999\s+404/);
  });
});
