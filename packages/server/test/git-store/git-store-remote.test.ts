import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GitRemote, GitRemoteError } from '../../src/platform/git-store/git-store.js';
import { type GitHttpServer, runGit, startGitHttpServer } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
} from './temporary-git-store.js';

const credentials = { username: 'deployer', password: 'secret-token-123' };

describe('git store: fetch and push against a real git server', () => {
  let server: GitHttpServer;
  let git: TemporaryGitStore;
  let work: string;
  let remoteDirectory: string;
  let remote: GitRemote;

  beforeAll(async () => {
    server = await startGitHttpServer({ credentials });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    git = await createTemporaryGitStore();
    work = await mkdtemp(join(tmpdir(), 'git-remote-work-'));
    const name = `remote-${Math.random().toString(36).slice(2)}`;
    remoteDirectory = await server.createRepository(name);
    remote = { url: server.repositoryUrl(name), username: credentials.username, token: credentials.password };
    // The remote gets a history of its own through the git command line, as a GitHub repository would.
    await runGit(['init', '--initial-branch=main', work], { home: work });
    await runGit(['-C', work, 'commit', '--allow-empty', '-m', 'remote start'], { home: work });
    await writeRemoteFile('model/cubes/remote.yml', 'from the remote');
  });
  afterEach(async () => {
    await git.cleanUp();
    await rm(work, { recursive: true, force: true });
  });

  async function writeRemoteFile(path: string, content: string) {
    await mkdir(join(work, path, '..'), { recursive: true });
    await writeFile(join(work, path), content);
    await runGit(['-C', work, 'add', '-A'], { home: work });
    await runGit(['-C', work, 'commit', '-m', `write ${path}`], { home: work });
    await runGit(['-C', work, 'push', remoteDirectory, 'main'], { home: work });
  }
  const remoteHead = (branch: string) => runGit(['--git-dir', remoteDirectory, 'rev-parse', branch]);

  it('fetches a branch over HTTP with credentials and merges it into an unrelated local history', async () => {
    await repositoryWith(git.store, 'model', { 'model/cubes/local.yml': 'local' });
    const fetched = await git.store.fetch('model', remote, 'main');
    expect(fetched).toBe(await remoteHead('main'));
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'rev-parse', 'refs/remotes/origin/main'])).toBe(
      fetched,
    );
    const merged = await git.store.merge('model', { ours: 'main', theirs: fetched, message: 'pull', author });
    expect(await snapshot(git.store, 'model', merged.commit)).toEqual({
      'model/cubes/local.yml': 'local',
      'model/cubes/remote.yml': 'from the remote',
    });
    // A second fetch after the remote moved brings only the new commit and fast-forwards.
    await writeRemoteFile('model/cubes/second.yml', 'second');
    const again = await git.store.fetch('model', remote, 'main');
    expect(again).toBe(await remoteHead('main'));
    expect((await git.store.readFiles('model', again)).map((file) => file.path)).toContain(
      'model/cubes/second.yml',
    );
  });

  it('pushes a branch over HTTP, and the commits arrive on the server', async () => {
    await git.store.ensureRepository('model', { defaultBranch: 'main', author });
    const fetched = await git.store.fetch('model', remote, 'main');
    const local = (await git.store.resolveBranch('model', 'main')) ?? '';
    await git.store.merge('model', { ours: 'main', theirs: fetched, message: 'adopt remote', author });
    const head = (await git.store.resolveBranch('model', 'main')) ?? '';
    const pushedHead = await git.store.commitToBranch('model', {
      branch: 'main',
      expectedHead: head,
      changes: [put('model/views/pushed.yml', 'pushed content')],
      message: 'from the platform',
      author,
    });
    await git.store.push('model', remote, 'main', 'main');
    expect(await remoteHead('main')).toBe(pushedHead);
    expect(await runGit(['--git-dir', remoteDirectory, 'show', 'main:model/views/pushed.yml'])).toBe(
      'pushed content',
    );
    expect(await runGit(['--git-dir', remoteDirectory, 'log', '-1', '--format=%an <%ae> %s', 'main'])).toBe(
      'Test Author <author@example.com> from the platform',
    );
    await runGit(['--git-dir', remoteDirectory, 'fsck', '--strict']);
    expect(await runGit(['--git-dir', remoteDirectory, 'merge-base', '--is-ancestor', local, 'main'])).toBe(
      '',
    );
    // A new remote branch is created by pushing to it.
    await git.store.push('model', remote, 'main', 'platform/export');
    expect(await remoteHead('platform/export')).toBe(pushedHead);
  });

  it('refuses a push that is not a fast-forward, naming the reason', async () => {
    const local = await repositoryWith(git.store, 'model', { 'x.yml': 'x' });
    const pushing = git.store.push('model', remote, 'main', 'main');
    await expect(pushing).rejects.toThrow(GitRemoteError);
    await expect(pushing).rejects.toMatchObject({ reason: 'rejected' });
    expect(await remoteHead('main')).not.toBe(local);
  });

  it('reports refused credentials without ever showing the token', async () => {
    await repositoryWith(git.store, 'model', {});
    const wrong = { ...remote, token: 'wrong-token-456' };
    const attempts = [
      () => git.store.fetch('model', wrong, 'main'),
      () => git.store.push('model', wrong, 'main', 'main'),
    ];
    for (const attempt of attempts) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GitRemoteError);
      expect(error).toMatchObject({ reason: 'authentication' });
      expect(String((error as Error).message)).not.toContain('wrong-token-456');
    }
    const inUrl = { url: remote.url.replace('http://', 'http://deployer:wrong-token-456@') };
    const error = await git.store.fetch('model', inUrl, 'main').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'authentication' });
    expect(String((error as Error).message)).not.toContain('wrong-token-456');
  });

  it('classifies missing branches, missing repositories, dead servers and unsupported URLs', async () => {
    await repositoryWith(git.store, 'model', {});
    await expect(git.store.fetch('model', remote, 'no-such-branch')).rejects.toMatchObject({
      reason: 'not-found',
    });
    const missing = { ...remote, url: server.repositoryUrl('does-not-exist') };
    await expect(git.store.fetch('model', missing, 'main')).rejects.toMatchObject({ reason: 'not-found' });
    await expect(git.store.fetch('model', { url: 'http://127.0.0.1:1/x.git' }, 'main')).rejects.toMatchObject(
      {
        reason: 'unreachable',
      },
    );
    // A deployment may not connect another deployment's repository on this server as its remote.
    await repositoryWith(git.store, 'other', { 'secret.yml': 'secret' });
    const intoStore = { url: pathToFileURL(git.gitdirOf('other')).href };
    await expect(git.store.fetch('model', intoStore, 'main')).rejects.toMatchObject({
      reason: 'unsupported',
    });
    await expect(git.store.push('model', intoStore, 'main', 'main')).rejects.toMatchObject({
      reason: 'unsupported',
    });
    const plainHttp = { url: 'http://git.example.com/x.git', token: 'plain-token' };
    await expect(git.store.fetch('model', plainHttp, 'main')).rejects.toThrow(/only sent over https/);
    for (const url of ['ssh://git@example.com/x.git', 'git@example.com:x.git', 'ftp://example.com/x']) {
      await expect(git.store.fetch('model', { url }, 'main')).rejects.toMatchObject({
        reason: 'unsupported',
      });
    }
  });

  it('fetches from and pushes to a file:// remote through the git command line', async () => {
    const fileRemote = { url: pathToFileURL(remoteDirectory).href };
    const local = await repositoryWith(git.store, 'model', { 'local.yml': 'local' });
    await expect(git.store.push('model', fileRemote, 'main', 'main')).rejects.toMatchObject({
      reason: 'rejected',
    });
    const fetched = await git.store.fetch('model', fileRemote, 'main');
    expect(fetched).toBe(await remoteHead('main'));
    const merged = await git.store.merge('model', { ours: 'main', theirs: fetched, message: 'pull', author });
    expect(
      await runGit(['--git-dir', git.gitdirOf('model'), 'rev-list', '--parents', '-n', '1', merged.commit]),
    ).toBe(`${merged.commit} ${local} ${fetched}`);
    await git.store.push('model', fileRemote, 'main', 'main');
    expect(await remoteHead('main')).toBe(merged.commit);
    expect(await runGit(['--git-dir', remoteDirectory, 'show', 'main:local.yml'])).toBe('local');
    const nowhere = { url: pathToFileURL(join(work, 'missing.git')).href };
    await expect(git.store.fetch('model', nowhere, 'main')).rejects.toMatchObject({ reason: 'not-found' });
    await expect(git.store.fetch('model', fileRemote, 'no-such-branch')).rejects.toMatchObject({
      reason: 'not-found',
    });
  });
});
