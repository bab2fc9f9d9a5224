import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidPathError } from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import { plantFolderEntry } from '../support/plant-tree-entry.js';
import {
  author,
  createTemporaryGitStore,
  put,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
  text,
} from './temporary-git-store.js';

/** Names git on Windows or macOS takes for `.git`; a bare repository can still hold them. */
const gitOwnNames = ['git~1', 'GIT~1', '.git.', '.git ', '.Git', '.git\u200c', '\ufeff.git'];

describe('git store: names git takes for its own directory', () => {
  let git: TemporaryGitStore;
  beforeEach(async () => {
    git = await createTemporaryGitStore();
  });
  afterEach(async () => {
    await git.cleanUp();
  });

  it.each(gitOwnNames)('refuses to write under %j', async (name) => {
    const head = await repositoryWith(git.store, 'model', { 'orders.yml': 'a' });
    await expect(
      git.store.commitToBranch('model', {
        branch: 'main',
        expectedHead: head,
        changes: [put(`${name}/config`, '[core]')],
        message: 'write',
        author,
      }),
    ).rejects.toThrow(InvalidPathError);
    expect(await git.store.resolveBranch('model', 'main')).toBe(head);
  });

  it.each(gitOwnNames)('reads, writes and merges a branch that already holds %j', async (name) => {
    await repositoryWith(git.store, 'model', { 'orders.yml': 'a', 'model/users.yml': 'u' });
    const planted = plantFolderEntry(git.gitdirOf('model'), 'main', name);
    // Reads skip the entry instead of failing on the whole tree.
    expect((await git.store.listFiles('model', planted)).map((file) => file.path)).toEqual([
      'model/users.yml',
      'orders.yml',
    ]);
    expect((await git.store.listFileHashes('model', planted)).map((file) => file.path)).toEqual([
      'model/users.yml',
      'orders.yml',
    ]);
    expect(await snapshot(git.store, 'model', planted)).toEqual({
      'model/users.yml': 'u',
      'orders.yml': 'a',
    });
    expect(text(await git.store.readFile('model', planted, 'orders.yml'))).toBe('a');
    expect(text(await git.store.readFile('model', planted, 'model/users.yml'))).toBe('u');

    // A commit on the branch rewrites the root folder and keeps the entry exactly as it was.
    const written = await git.store.commitToBranch('model', {
      branch: 'main',
      expectedHead: planted,
      changes: [put('orders.yml', 'b')],
      message: 'write',
      author,
    });
    expect(text(await git.store.readFile('model', written, 'orders.yml'))).toBe('b');
    const gitdir = git.gitdirOf('model');
    const entryOf = (commit: string) =>
      runGit(['--git-dir', gitdir, 'ls-tree', '-z', commit]).then((listing) =>
        listing.split('\0').find((line) => line.endsWith(`\t${name}`)),
      );
    expect(await entryOf(written)).toBe(await entryOf(planted));

    // A three-way merge reads both sides' trees and writes a new root.
    await git.store.createBranch('model', 'feature', written);
    await git.store.commitToBranch('model', {
      branch: 'feature',
      expectedHead: written,
      changes: [put('customers.yml', 'c')],
      message: 'feature',
      author,
    });
    await git.store.commitToBranch('model', {
      branch: 'main',
      expectedHead: written,
      changes: [put('model/users.yml', 'v')],
      message: 'main moves on',
      author,
    });
    const merged = await git.store.merge('model', { ours: 'main', theirs: 'feature', message: 'm', author });
    expect(await snapshot(git.store, 'model', merged.commit)).toEqual({
      'customers.yml': 'c',
      'model/users.yml': 'v',
      'orders.yml': 'b',
    });
  });
});
