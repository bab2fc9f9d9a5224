import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BranchNotFoundError, MergeConflictError } from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  remove,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
} from './temporary-git-store.js';

describe('git store: merging branches', () => {
  let git: TemporaryGitStore;
  let base: string;
  beforeEach(async () => {
    git = await createTemporaryGitStore();
    base = await repositoryWith(git.store, 'model', {
      'model/cubes/orders.yml': 'orders v1',
      'model/cubes/users.yml': 'users v1',
      'model/views/sales.yml': 'sales v1',
    });
    await git.store.createBranch('model', 'feature', base);
  });
  afterEach(async () => {
    await git.cleanUp();
  });

  const commit = async (branch: string, ...changes: ReturnType<typeof put>[]) => {
    const expectedHead = (await git.store.resolveBranch('model', branch)) ?? '';
    return git.store.commitToBranch('model', {
      branch,
      expectedHead,
      changes,
      message: `on ${branch}`,
      author,
    });
  };
  const parentsOf = async (oid: string) =>
    (await runGit(['--git-dir', git.gitdirOf('model'), 'rev-list', '--parents', '-n', '1', oid]))
      .split(' ')
      .slice(1);

  it('fast-forwards when the target has not moved, and says where it moved from', async () => {
    const mainHead = await git.store.resolveBranch('model', 'main');
    const featureHead = await commit('feature', put('model/cubes/orders.yml', 'orders v2'));
    const result = await git.store.merge('model', {
      ours: 'main',
      theirs: 'feature',
      message: 'merge',
      author,
    });
    expect(result).toEqual({
      commit: featureHead,
      previous: mainHead,
      isFastForward: true,
      isUpToDate: false,
    });
    expect(await git.store.resolveBranch('model', 'main')).toBe(featureHead);
  });

  it('writes a merge commit with both parents when both sides moved', async () => {
    const featureHead = await commit(
      'feature',
      put('model/cubes/orders.yml', 'orders v2'),
      put('model/cubes/new/items.yml', 'items'),
      remove('model/views/sales.yml'),
    );
    const mainHead = await commit(
      'main',
      put('model/cubes/users.yml', 'users v2'),
      put('model/cubes/orders.yml', 'orders v2'),
    );
    const result = await git.store.merge('model', {
      ours: 'main',
      theirs: 'feature',
      message: 'merge feature',
      author,
    });
    expect(result.isFastForward).toBe(false);
    expect(result.previous).toBe(mainHead);
    expect(await git.store.resolveBranch('model', 'main')).toBe(result.commit);
    expect(await parentsOf(result.commit)).toEqual([mainHead, featureHead]);
    // The identical change to orders.yml on both sides is not a conflict.
    expect(await snapshot(git.store, 'model', result.commit)).toEqual({
      'model/cubes/new/items.yml': 'items',
      'model/cubes/orders.yml': 'orders v2',
      'model/cubes/users.yml': 'users v2',
    });
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'log', '-1', '--format=%s', 'main'])).toBe(
      'merge feature',
    );
  });

  it('squashes into a single-parent commit, even when a fast-forward was possible', async () => {
    await commit('feature', put('model/cubes/orders.yml', 'orders v2'));
    await commit('feature', put('model/cubes/more.yml', 'more'));
    const result = await git.store.merge('model', {
      ours: 'main',
      theirs: 'feature',
      message: 'squashed',
      author,
      squash: true,
    });
    expect(result.isFastForward).toBe(false);
    expect(await parentsOf(result.commit)).toEqual([base]);
    expect((await snapshot(git.store, 'model', result.commit))['model/cubes/more.yml']).toBe('more');

    await commit('main', put('model/cubes/users.yml', 'users v2'));
    await commit('feature', put('model/views/sales.yml', 'sales v2'));
    const mainHead = (await git.store.resolveBranch('model', 'main')) ?? '';
    const second = await git.store.merge('model', {
      ours: 'main',
      theirs: 'feature',
      message: 's2',
      author,
      squash: true,
    });
    expect(await parentsOf(second.commit)).toEqual([mainHead]);
    expect(await snapshot(git.store, 'model', second.commit)).toMatchObject({
      'model/cubes/users.yml': 'users v2',
      'model/views/sales.yml': 'sales v2',
    });
  });

  it('reports content and modify/delete conflicts by path and leaves the branch where it was', async () => {
    await commit(
      'feature',
      put('model/cubes/orders.yml', 'orders from feature'),
      remove('model/cubes/users.yml'),
    );
    await commit(
      'feature',
      put('model/both-added.yml', 'feature version'),
      put('model/views/sales.yml', 'sales v2'),
    );
    const mainHead = await commit(
      'main',
      put('model/cubes/orders.yml', 'orders from main'),
      put('model/cubes/users.yml', 'users v2'),
      put('model/both-added.yml', 'main version'),
    );
    const merging = git.store.merge('model', { ours: 'main', theirs: 'feature', message: 'merge', author });
    await expect(merging).rejects.toThrow(MergeConflictError);
    await expect(merging).rejects.toMatchObject({
      paths: ['model/both-added.yml', 'model/cubes/orders.yml', 'model/cubes/users.yml'],
    });
    expect(await git.store.resolveBranch('model', 'main')).toBe(mainHead);
  });

  it('reports a file on one side where the other side made a folder', async () => {
    await commit('feature', put('model/extra/inner.yml', 'folder'));
    await commit('main', put('model/extra', 'file'));
    await expect(
      git.store.merge('model', { ours: 'main', theirs: 'feature', message: 'merge', author }),
    ).rejects.toMatchObject({ paths: ['model/extra', 'model/extra/inner.yml'] });
  });

  it('answers up to date when theirs is already merged, and accepts a commit id for theirs', async () => {
    expect(await git.store.merge('model', { ours: 'main', theirs: 'feature', message: 'm', author })).toEqual(
      {
        commit: base,
        previous: base,
        isFastForward: false,
        isUpToDate: true,
      },
    );
    const mainHead = await commit('main', put('a.yml', 'a'));
    expect(await git.store.merge('model', { ours: 'main', theirs: base, message: 'm', author })).toEqual({
      commit: mainHead,
      previous: mainHead,
      isFastForward: false,
      isUpToDate: true,
    });
    const featureHead = await commit('feature', put('b.yml', 'b'));
    const result = await git.store.merge('model', {
      ours: 'main',
      theirs: featureHead,
      message: 'm',
      author,
    });
    expect(await parentsOf(result.commit)).toEqual([mainHead, featureHead]);
    await expect(
      git.store.merge('model', { ours: 'main', theirs: 'nope', message: 'm', author }),
    ).rejects.toThrow(BranchNotFoundError);
    await expect(
      git.store.merge('model', { ours: 'nope', theirs: 'main', message: 'm', author }),
    ).rejects.toThrow(BranchNotFoundError);
  });

  it('merges again on the new head when another writer moves the target during the merge', async () => {
    await commit('feature', put('feature.yml', 'f'));
    const other = git.otherProcess();
    const [merged] = await Promise.all([
      git.store.merge('model', { ours: 'main', theirs: 'feature', message: 'merge', author }),
      other.commitToBranch('model', {
        branch: 'main',
        expectedHead: base,
        changes: [put('main.yml', 'm')],
        message: 'concurrent',
        author,
        rebaseOnRace: true,
      }),
    ]);
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    const files = await snapshot(git.store, 'model', final);
    expect(files['feature.yml']).toBe('f');
    expect(files['main.yml']).toBe('m');
    // Whichever came first, the merge is part of the branch's history.
    await runGit(['--git-dir', git.gitdirOf('model'), 'merge-base', '--is-ancestor', merged.commit, final]);
  });
});
