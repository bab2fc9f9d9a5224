import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitRemoteError } from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
} from './temporary-git-store.js';

describe('git store: a merge that pushes moves the branch only after the push', () => {
  let git: TemporaryGitStore;
  let remoteDirectory: string;
  let remote: { url: string };
  beforeEach(async () => {
    git = await createTemporaryGitStore();
    remoteDirectory = await mkdtemp(join(tmpdir(), 'merge-push-remote-'));
    await runGit(['init', '--bare', '--initial-branch=main', remoteDirectory]);
    remote = { url: pathToFileURL(remoteDirectory).href };
    const main = await repositoryWith(git.store, 'model', { 'orders.yml': 'o' });
    await git.store.push('model', remote, 'main', 'main');
    await git.store.createBranch('model', 'feature', main);
    await git.store.commitToBranch('model', {
      branch: 'feature',
      expectedHead: main,
      changes: [put('customers.yml', 'c')],
      message: 'feature',
      author,
    });
    // main moves on, so the merge writes a merge commit rather than fast-forwarding.
    await git.store.commitToBranch('model', {
      branch: 'main',
      expectedHead: main,
      changes: [put('orders.yml', 'o2')],
      message: 'main',
      author,
    });
  });
  afterEach(async () => {
    await git.cleanUp();
    await rm(remoteDirectory, { recursive: true, force: true });
  });

  const remoteHead = () => runGit(['--git-dir', remoteDirectory, 'rev-parse', 'main']);
  const pushRefsOf = () =>
    runGit(['--git-dir', git.gitdirOf('model'), 'for-each-ref', '--format=%(refname)', 'refs/platform-push']);

  it('leaves the branch where it was when the push fails', async () => {
    const before = await git.store.resolveBranch('model', 'main');
    const remoteBefore = await remoteHead();
    for (const pushTo of [
      { remote: { url: 'http://127.0.0.1:1/x.git' }, branch: 'main' },
      { remote: { url: pathToFileURL(join(remoteDirectory, 'missing')).href }, branch: 'main' },
    ]) {
      const merging = git.store.merge('model', {
        ours: 'main',
        theirs: 'feature',
        message: 'm',
        author,
        pushTo,
      });
      await expect(merging).rejects.toThrow(GitRemoteError);
      expect(await git.store.resolveBranch('model', 'main')).toBe(before);
    }
    // A hook that refuses every push: the remote answers, but no.
    await writeFile(join(remoteDirectory, 'hooks', 'pre-receive'), '#!/bin/sh\nexit 1\n');
    await chmod(join(remoteDirectory, 'hooks', 'pre-receive'), 0o755);
    await expect(
      git.store.merge('model', {
        ours: 'main',
        theirs: 'feature',
        message: 'm',
        author,
        pushTo: { remote, branch: 'main' },
      }),
    ).rejects.toThrow(GitRemoteError);
    expect(await git.store.resolveBranch('model', 'main')).toBe(before);
    expect(await remoteHead()).toBe(remoteBefore);
    expect(await pushRefsOf()).toBe('');
  });

  it('pushes the merge commit, then moves the branch to it', async () => {
    const merged = await git.store.merge('model', {
      ours: 'main',
      theirs: 'feature',
      message: 'm',
      author,
      pushTo: { remote, branch: 'main' },
    });
    expect(await git.store.resolveBranch('model', 'main')).toBe(merged.commit);
    expect(await remoteHead()).toBe(merged.commit);
    expect(await pushRefsOf()).toBe('');
  });

  it('when the branch moves during the push, ends with a branch and a remote that hold both', async () => {
    // While the first push is received, another writer moves main (the hook does it once, with git).
    const other = await git.store.createCommit('model', {
      parent: (await git.store.resolveBranch('model', 'main')) ?? '',
      changes: [put('payments.yml', 'p')],
      message: 'another writer',
      author,
    });
    const marker = join(remoteDirectory, 'moved');
    const hook = [
      '#!/bin/sh',
      `if [ ! -e '${marker}' ]; then`,
      `  touch '${marker}'`,
      `  env -u GIT_DIR -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES git --git-dir='${git.gitdirOf('model')}' update-ref refs/heads/main ${other}`,
      'fi',
      'exit 0',
      '',
    ].join('\n');
    await writeFile(join(remoteDirectory, 'hooks', 'pre-receive'), hook);
    await chmod(join(remoteDirectory, 'hooks', 'pre-receive'), 0o755);
    const merged = await git.store.merge('model', {
      ours: 'main',
      theirs: 'feature',
      message: 'm',
      author,
      pushTo: { remote, branch: 'main' },
    });
    expect(await git.store.resolveBranch('model', 'main')).toBe(merged.commit);
    expect(await remoteHead()).toBe(merged.commit);
    expect(await snapshot(git.store, 'model', merged.commit)).toEqual({
      'customers.yml': 'c',
      'orders.yml': 'o2',
      'payments.yml': 'p',
    });
    expect(await pushRefsOf()).toBe('');
  });
});
