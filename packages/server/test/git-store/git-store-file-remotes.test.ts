import { mkdir, mkdtemp, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileRemoteNotAllowedError } from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  repositoryWith,
  type TemporaryGitStore,
} from './temporary-git-store.js';

/** A bare repository with one commit on main, made by the git command line. */
async function bareRepository(path: string): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'file-remote-work-'));
  try {
    await runGit(['init', '--initial-branch=main', work], { home: work });
    await runGit(['-C', work, 'commit', '--allow-empty', '-m', 'start'], { home: work });
    await runGit(['init', '--bare', '--initial-branch=main', path], { home: work });
    await runGit(['-C', work, 'push', path, 'main'], { home: work });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const url = (path: string) => ({ url: pathToFileURL(path).href });

describe('git store: file:// remotes only where the operator allows them', () => {
  let allowed: string;
  let outside: string;
  let git: TemporaryGitStore;
  beforeEach(async () => {
    allowed = await mkdtemp(join(tmpdir(), 'file-remotes-allowed-'));
    outside = await mkdtemp(join(tmpdir(), 'file-remotes-outside-'));
    // The store's own repositories sit inside the allowed directory: they must stay refused.
    git = await createTemporaryGitStore({ allowedDirectories: [allowed], forbiddenDirectories: [] });
    await bareRepository(join(allowed, 'model.git'));
    await bareRepository(join(outside, 'model.git'));
    await repositoryWith(git.store, 'model', { 'orders.yml': 'local' });
    await repositoryWith(git.store, 'other', { 'secret.yml': 'another deployment' });
  });
  afterEach(async () => {
    await git.cleanUp();
    await rm(allowed, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  async function expectRefused(remote: { url: string }) {
    await expect(git.store.checkRemote(remote), remote.url).rejects.toThrow(FileRemoteNotAllowedError);
    await expect(git.store.fetch('model', remote, 'main'), remote.url).rejects.toThrow(
      FileRemoteNotAllowedError,
    );
    await expect(git.store.push('model', remote, 'main', 'main'), remote.url).rejects.toThrow(
      FileRemoteNotAllowedError,
    );
  }

  it('refuses every file remote when no directory is listed, naming the setting', async () => {
    const closed = await createTemporaryGitStore({ allowedDirectories: [], forbiddenDirectories: [] });
    try {
      const remote = url(join(allowed, 'model.git'));
      await expect(closed.store.checkRemote(remote)).rejects.toThrow(/PLATFORM_GIT_FILE_REMOTE_DIRS/);
      await closed.store.ensureRepository('model', { defaultBranch: 'main', author });
      await expect(closed.store.fetch('model', remote, 'main')).rejects.toThrow(FileRemoteNotAllowedError);
    } finally {
      await closed.cleanUp();
    }
  });

  it('fetches from a repository inside an allowed directory, with or without the .git git adds', async () => {
    for (const path of [join(allowed, 'model.git'), join(allowed, 'model')]) {
      await git.store.checkRemote(url(path));
      expect(await git.store.fetch('model', url(path), 'main')).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('refuses a repository outside, and every way of reaching one or the store from inside', async () => {
    const store = git.gitdirOf('other');
    await symlink(join(outside, 'model.git'), join(allowed, 'linked.git'));
    await symlink(outside, join(allowed, 'linked-folder'));
    await symlink(store, join(allowed, 'store-link.git'));
    await mkdir(join(allowed, 'sub'));
    await symlink(git.rootDirectory, join(allowed, 'sub', 'repositories'));
    for (const path of [
      join(outside, 'model.git'),
      join(outside, 'model'),
      store,
      store.replace(/\.git$/, ''),
      `/proc/self/root${store}`,
      `/proc/self/root${store.replace(/\.git$/, '')}`,
      `/proc/self/cwd/${'../'.repeat(20)}${store.slice(1)}`,
      join(allowed, 'linked.git'),
      join(allowed, 'linked'),
      join(allowed, 'linked-folder', 'model.git'),
      // Neither exists as written; git would open `<path>.git`, a link into the store.
      join(allowed, 'store-link'),
      join(allowed, 'sub', 'repositories', 'other.git'),
      join(allowed, 'sub', 'repositories', 'other'),
      join(allowed, 'sub', 'repositories', 'not-yet', 'x.git'),
    ]) {
      await expectRefused(url(path));
    }
    expect(await runGit(['--git-dir', join(outside, 'model.git'), 'rev-list', '--count', 'main'])).toBe('1');
  });

  it('checks again at fetch and push time: a link swapped after connecting changes nothing', async () => {
    const link = join(allowed, 'swapped.git');
    await symlink(join(allowed, 'model.git'), link);
    await git.store.checkRemote(url(link));
    await git.store.fetch('model', url(link), 'main');
    await unlink(link);
    await symlink(git.gitdirOf('other'), link);
    await expectRefused(url(link));
    await unlink(link);
    await symlink(join(outside, 'model.git'), link);
    await expectRefused(url(link));
  });
});
