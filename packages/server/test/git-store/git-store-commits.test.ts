import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BranchNotFoundError,
  CommitNotFoundError,
  InvalidPathError,
  InvalidRepositoryIdError,
  RepositoryNotFoundError,
} from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  remove,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
  text,
} from './temporary-git-store.js';

function blobOidOf(content: string): string {
  const bytes = Buffer.from(content);
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');
}

describe('git store: repositories, commits and files', () => {
  let git: TemporaryGitStore;
  beforeEach(async () => {
    git = await createTemporaryGitStore();
  });
  afterEach(async () => {
    await git.cleanUp();
  });

  it('creates a bare repository with an empty initial commit, idempotently and concurrently', async () => {
    await Promise.all(
      Array.from({ length: 5 }, () => git.store.ensureRepository('model', { defaultBranch: 'main', author })),
    );
    const head = await git.store.resolveBranch('model', 'main');
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    await git.store.ensureRepository('model', { defaultBranch: 'main', author });
    expect(await git.store.resolveBranch('model', 'main')).toBe(head);
    expect(await git.store.listBranches('model')).toEqual([{ name: 'main', head }]);
    expect(await git.store.listFiles('model', head ?? '')).toEqual([]);
    // The git command line agrees: a bare repository whose main has one commit with the empty tree.
    const gitdir = git.gitdirOf('model');
    expect(await runGit(['--git-dir', gitdir, 'rev-parse', '--is-bare-repository'])).toBe('true');
    expect(await runGit(['--git-dir', gitdir, 'rev-list', '--count', 'main'])).toBe('1');
    expect(await runGit(['--git-dir', gitdir, 'symbolic-ref', 'HEAD'])).toBe('refs/heads/main');
  });

  it('starts a repository from initial files', async () => {
    await git.store.ensureRepository('seeded', {
      defaultBranch: 'production',
      author,
      initialFiles: [put('model/cubes/orders.yml', 'cubes: []\n'), put('README.md', '# model\n')],
    });
    const head = (await git.store.resolveBranch('seeded', 'production')) ?? '';
    expect(await snapshot(git.store, 'seeded', head)).toEqual({
      'README.md': '# model\n',
      'model/cubes/orders.yml': 'cubes: []\n',
    });
  });

  it('round-trips nested folders and lists files with their blob ids and sizes', async () => {
    const head = await repositoryWith(git.store, 'model', {
      'model/cubes/orders.yml': 'orders',
      'model/cubes/deep/nested/line_items.yml': 'line items',
      'model/views/sales.yml': 'sales view',
      'top.yml': 'top',
    });
    expect(await git.store.listFiles('model', head)).toEqual([
      { path: 'model/cubes/deep/nested/line_items.yml', blobOid: blobOidOf('line items'), size: 10 },
      { path: 'model/cubes/orders.yml', blobOid: blobOidOf('orders'), size: 6 },
      { path: 'model/views/sales.yml', blobOid: blobOidOf('sales view'), size: 10 },
      { path: 'top.yml', blobOid: blobOidOf('top'), size: 3 },
    ]);
    expect(text(await git.store.readFile('model', head, '/model/cubes/deep/nested/line_items.yml'))).toBe(
      'line items',
    );
    expect(await git.store.readFile('model', head, 'model/cubes')).toBeNull();
    expect(await git.store.readFile('model', head, 'model/missing.yml')).toBeNull();
    expect(await git.store.readFile('model', head, 'top.yml/inside')).toBeNull();
    await expect(git.store.readFile('model', head, '../etc/passwd')).rejects.toThrow(InvalidPathError);
    const gitdir = git.gitdirOf('model');
    expect(await runGit(['--git-dir', gitdir, 'show', `${head}:model/views/sales.yml`])).toBe('sales view');
    await runGit(['--git-dir', gitdir, 'fsck', '--strict']);
  });

  it('deletes files, renames as delete plus add, and drops folders left empty', async () => {
    const first = await repositoryWith(git.store, 'model', {
      'model/cubes/orders.yml': 'orders',
      'model/cubes/only/child.yml': 'child',
      'model/views/sales.yml': 'sales',
    });
    const second = await git.store.commitToBranch('model', {
      branch: 'main',
      expectedHead: first,
      changes: [
        remove('model/cubes/only/child.yml'),
        remove('model/cubes/orders.yml'),
        put('model/cubes/renamed/orders.yml', 'orders'),
        remove('never/existed.yml'),
      ],
      message: 'rename',
      author,
    });
    expect(await snapshot(git.store, 'model', second)).toEqual({
      'model/cubes/renamed/orders.yml': 'orders',
      'model/views/sales.yml': 'sales',
    });
    const trees = await runGit([
      '--git-dir',
      git.gitdirOf('model'),
      'ls-tree',
      '-r',
      '-t',
      '--name-only',
      second,
    ]);
    expect(trees.split('\n')).toEqual([
      'model',
      'model/cubes',
      'model/cubes/renamed',
      'model/cubes/renamed/orders.yml',
      'model/views',
      'model/views/sales.yml',
    ]);
    // The first commit is untouched: commits are immutable snapshots.
    expect(Object.keys(await snapshot(git.store, 'model', first))).toHaveLength(3);
  });

  it('deletes a folder path with everything in it, and may put a file where a folder was', async () => {
    const first = await repositoryWith(git.store, 'model', {
      'a/b/c.yml': 'c',
      'a/d.yml': 'd',
      'e.yml': 'e',
    });
    const second = await git.store.createCommit('model', {
      parent: first,
      changes: [remove('a'), put('a', 'now a file')],
      message: 'replace folder',
      author,
    });
    expect(await snapshot(git.store, 'model', second)).toEqual({ a: 'now a file', 'e.yml': 'e' });
    await expect(
      git.store.createCommit('model', { parent: first, changes: [put('a', 'x')], message: 'm', author }),
    ).rejects.toThrow(/is a folder/);
    await expect(
      git.store.createCommit('model', {
        parent: first,
        changes: [put('e.yml/x', 'x')],
        message: 'm',
        author,
      }),
    ).rejects.toThrow(/is a file/);
  });

  it('lets the last change of a path win and removes everything when every file is deleted', async () => {
    const first = await repositoryWith(git.store, 'model', { 'one.yml': '1' });
    const second = await git.store.createCommit('model', {
      parent: first,
      changes: [put('two.yml', 'old'), put('/two.yml', 'new'), remove('one.yml')],
      message: 'm',
      author,
    });
    expect(await snapshot(git.store, 'model', second)).toEqual({ 'two.yml': 'new' });
    const empty = await git.store.createCommit('model', {
      parent: second,
      changes: [remove('two.yml')],
      message: 'm',
      author,
    });
    expect(await git.store.listFiles('model', empty)).toEqual([]);
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'rev-parse', `${empty}^{tree}`])).toBe(
      '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
    );
  });

  it('createCommit writes a commit with extra parents and moves no ref', async () => {
    const head = await repositoryWith(git.store, 'model', { 'a.yml': 'a' });
    const side = await git.store.createCommit('model', {
      parent: head,
      changes: [put('b.yml', 'b')],
      message: 's',
      author,
    });
    const merge = await git.store.createCommit('model', {
      parent: head,
      changes: [put('b.yml', 'b')],
      message: 'merge',
      author,
      extraParents: [side],
    });
    expect(await git.store.resolveBranch('model', 'main')).toBe(head);
    const parents = await runGit([
      '--git-dir',
      git.gitdirOf('model'),
      'rev-list',
      '--parents',
      '-n',
      '1',
      merge,
    ]);
    expect(parents).toBe(`${merge} ${head} ${side}`);
    await expect(
      git.store.createCommit('model', { parent: 'f'.repeat(40), changes: [], message: 'm', author }),
    ).rejects.toThrow(CommitNotFoundError);
    await expect(
      git.store.createCommit('model', { parent: 'main', changes: [], message: 'm', author }),
    ).rejects.toThrow(CommitNotFoundError);
    const tree = await runGit(['--git-dir', git.gitdirOf('model'), 'rev-parse', `${head}^{tree}`]);
    await expect(git.store.listFiles('model', tree)).rejects.toThrow(CommitNotFoundError);
  });

  it('refuses bad repository ids and reports missing repositories', async () => {
    for (const id of ['', '../escape', 'a/b', 'x'.repeat(65), 'has space', 'dot.git']) {
      await expect(git.store.ensureRepository(id, { defaultBranch: 'main', author })).rejects.toThrow(
        InvalidRepositoryIdError,
      );
    }
    await expect(git.store.listBranches('missing')).rejects.toThrow(RepositoryNotFoundError);
    await expect(git.store.resolveBranch('missing', 'main')).rejects.toThrow(RepositoryNotFoundError);
    await repositoryWith(git.store, 'gone', {});
    await git.store.deleteRepository('gone');
    await expect(git.store.listBranches('gone')).rejects.toThrow(RepositoryNotFoundError);
    await git.store.deleteRepository('gone');
  });

  it('commitToBranch reports a branch that does not exist', async () => {
    const head = await repositoryWith(git.store, 'model', {});
    await expect(
      git.store.commitToBranch('model', {
        branch: 'nope',
        expectedHead: head,
        changes: [],
        message: 'm',
        author,
      }),
    ).rejects.toThrow(BranchNotFoundError);
  });
});
