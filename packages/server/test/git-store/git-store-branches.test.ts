import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BranchExistsError,
  BranchMovedError,
  BranchNotFoundError,
  CommitNotFoundError,
  InvalidBranchNameError,
} from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  repositoryWith,
  type TemporaryGitStore,
} from './temporary-git-store.js';

describe('git store: branches and refs', () => {
  let git: TemporaryGitStore;
  let head: string;
  beforeEach(async () => {
    git = await createTemporaryGitStore();
    head = await repositoryWith(git.store, 'model', { 'a.yml': 'a' });
  });
  afterEach(async () => {
    await git.cleanUp();
  });

  it('creates, lists, resolves and deletes branches, including names with folders', async () => {
    await git.store.createBranch('model', 'dev-abc123', head);
    await git.store.createBranch('model', 'dbt-sync/main-20250101000000-abcdef12', head);
    expect(await git.store.listBranches('model')).toEqual([
      { name: 'dbt-sync/main-20250101000000-abcdef12', head },
      { name: 'dev-abc123', head },
      { name: 'main', head },
    ]);
    await expect(git.store.createBranch('model', 'dev-abc123', head)).rejects.toThrow(BranchExistsError);
    await git.store.deleteBranch('model', 'dbt-sync/main-20250101000000-abcdef12');
    expect(await git.store.resolveBranch('model', 'dbt-sync/main-20250101000000-abcdef12')).toBeNull();
    // The emptied folder is gone, so the name is free to be a plain branch now.
    await git.store.createBranch('model', 'dbt-sync', head);
    await expect(git.store.deleteBranch('model', 'never')).rejects.toThrow(BranchNotFoundError);
    const cliBranches = await runGit([
      '--git-dir',
      git.gitdirOf('model'),
      'branch',
      '--format=%(refname:short)',
    ]);
    expect(cliBranches.split('\n')).toEqual(['dbt-sync', 'dev-abc123', 'main']);
  });

  it('refuses unsafe or invalid branch names and names clashing with a branch folder', async () => {
    const invalid = [
      '',
      '../main',
      'a/../b',
      '/main',
      'main/',
      'a//b',
      '.hidden',
      'a/.b',
      'x.lock',
      'a b',
      'a~1',
    ];
    invalid.push(
      'a^',
      'a:b',
      'a?',
      'a*',
      'a[b',
      'a\\b',
      'a@{1}',
      '-flag',
      'HEAD',
      'end.',
      'tab\there',
      'x'.repeat(201),
    );
    for (const name of invalid) {
      await expect(git.store.createBranch('model', name, head), name).rejects.toThrow(InvalidBranchNameError);
      await expect(git.store.resolveBranch('model', name), name).rejects.toThrow(InvalidBranchNameError);
    }
    await git.store.createBranch('model', 'feature', head);
    await expect(git.store.createBranch('model', 'feature/x', head)).rejects.toThrow(/conflicts/);
    await git.store.createBranch('model', 'team/one', head);
    await expect(git.store.createBranch('model', 'team', head)).rejects.toThrow(/conflicts/);
    await expect(git.store.createBranch('model', 'new', 'a'.repeat(40))).rejects.toThrow(CommitNotFoundError);
  });

  it('compare-and-swaps refs: create, move, delete, and refuse a stale expectation', async () => {
    const next = await git.store.createCommit('model', {
      parent: head,
      changes: [put('b.yml', 'b')],
      message: 'm',
      author,
    });
    await git.store.compareAndSwapRef('model', 'refs/heads/topic', null, head);
    await expect(git.store.compareAndSwapRef('model', 'refs/heads/topic', null, next)).rejects.toThrow(
      BranchMovedError,
    );
    await git.store.compareAndSwapRef('model', 'refs/heads/topic', head, next);
    expect(await git.store.resolveBranch('model', 'topic')).toBe(next);
    const stale = git.store.compareAndSwapRef('model', 'refs/heads/topic', head, head);
    await expect(stale).rejects.toMatchObject({ ref: 'refs/heads/topic', expected: head, actual: next });
    await git.store.compareAndSwapRef('model', 'topic', next, null);
    expect(await git.store.resolveBranch('model', 'topic')).toBeNull();
    await expect(git.store.compareAndSwapRef('model', 'refs/heads/x', null, 'b'.repeat(40))).rejects.toThrow(
      CommitNotFoundError,
    );
    await expect(git.store.compareAndSwapRef('model', 'refs/../../config', null, head)).rejects.toThrow(
      InvalidBranchNameError,
    );
  });

  it('works on refs that git packed into packed-refs', async () => {
    await git.store.createBranch('model', 'packed/one', head);
    await git.store.createBranch('model', 'packed-two', head);
    await runGit(['--git-dir', git.gitdirOf('model'), 'pack-refs', '--all', '--prune']);
    expect(await git.store.listBranches('model')).toEqual([
      { name: 'main', head },
      { name: 'packed-two', head },
      { name: 'packed/one', head },
    ]);
    const next = await git.store.commitToBranch('model', {
      branch: 'packed-two',
      expectedHead: head,
      changes: [put('b.yml', 'b')],
      message: 'after packing',
      author,
    });
    expect(await git.store.resolveBranch('model', 'packed-two')).toBe(next);
    await git.store.deleteBranch('model', 'packed/one');
    expect(await git.store.resolveBranch('model', 'packed/one')).toBeNull();
    await expect(git.store.createBranch('model', 'packed-two', head)).rejects.toThrow(BranchExistsError);
    const cliBranches = await runGit([
      '--git-dir',
      git.gitdirOf('model'),
      'branch',
      '--format=%(refname:short)',
    ]);
    expect(cliBranches.split('\n')).toEqual(['main', 'packed-two']);
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'rev-parse', 'packed-two'])).toBe(next);
  });
});
