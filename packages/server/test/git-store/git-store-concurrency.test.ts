import { execFile } from 'node:child_process';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BranchMovedError } from '../../src/platform/git-store/git-store.js';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
} from './temporary-git-store.js';

const writerScript = fileURLToPath(new URL('./concurrent-writer.script.ts', import.meta.url));

function runWriterProcess(rootDirectory: string, prefix: string, count: number): Promise<void> {
  const args = ['--import', 'tsx', writerScript, rootDirectory, 'model', prefix, String(count)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, (error, _stdout, stderr) =>
      error ? reject(new Error(stderr)) : resolve(),
    );
  });
}

describe('git store: compare-and-swap under concurrency', () => {
  let git: TemporaryGitStore;
  let head: string;
  beforeEach(async () => {
    git = await createTemporaryGitStore();
    head = await repositoryWith(git.store, 'model', { 'base.yml': 'base' });
  });
  afterEach(async () => {
    await git.cleanUp();
  });

  const write = (
    path: string,
    options: { expectedHead?: string; rebaseOnRace?: boolean; branch?: string } = {},
  ) =>
    git.store.commitToBranch('model', {
      branch: options.branch ?? 'main',
      expectedHead: options.expectedHead ?? head,
      changes: [put(path, path)],
      message: `write ${path}`,
      author,
      rebaseOnRace: options.rebaseOnRace,
    });

  it('lands both of two racing writers when they rebase on a lost race', async () => {
    const [first, second] = await Promise.all([
      write('one.yml', { rebaseOnRace: true }),
      write('two.yml', { rebaseOnRace: true }),
    ]);
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    expect([first, second]).toContain(final);
    expect(await snapshot(git.store, 'model', final)).toEqual({
      'base.yml': 'base',
      'one.yml': 'one.yml',
      'two.yml': 'two.yml',
    });
  });

  it('fails one of two racing writers with BranchMovedError when they do not rebase', async () => {
    const results = await Promise.allSettled([write('one.yml'), write('two.yml')]);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(BranchMovedError);
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    expect(Object.keys(await snapshot(git.store, 'model', final))).toHaveLength(2);
  });

  it('lands all of 20 concurrent writers on one branch, one commit each', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => write(`writers/${index}.yml`, { rebaseOnRace: true })),
    );
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    const files = await snapshot(git.store, 'model', final);
    expect(Object.keys(files)).toHaveLength(21);
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'rev-list', '--count', 'main'])).toBe('22');
    await runGit(['--git-dir', git.gitdirOf('model'), 'fsck', '--strict']);
  });

  it('lands every write of two store instances on one volume (the lock file excludes them)', async () => {
    const other = git.otherProcess();
    const writes = Array.from({ length: 16 }, (_, index) =>
      (index % 2 === 0 ? git.store : other).commitToBranch('model', {
        branch: 'main',
        expectedHead: head,
        changes: [put(`writers/${index}.yml`, String(index))],
        message: `write ${index}`,
        author,
        rebaseOnRace: true,
      }),
    );
    await Promise.all(writes);
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    expect(Object.keys(await snapshot(git.store, 'model', final))).toHaveLength(17);
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'rev-list', '--count', 'main'])).toBe('18');
  });

  it('lands every write of three OS processes writing to the same branch at once', async () => {
    const ownWrites = Array.from({ length: 8 }, (_, index) =>
      write(`writers/own-${index}.yml`, { rebaseOnRace: true }),
    );
    await Promise.all([
      runWriterProcess(git.rootDirectory, 'first', 8),
      runWriterProcess(git.rootDirectory, 'second', 8),
      ...ownWrites,
    ]);
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    expect(Object.keys(await snapshot(git.store, 'model', final))).toHaveLength(25);
    expect(await runGit(['--git-dir', git.gitdirOf('model'), 'rev-list', '--count', 'main'])).toBe('26');
  });

  it('keeps writers on two branches apart', async () => {
    await git.store.createBranch('model', 'left', head);
    await git.store.createBranch('model', 'right', head);
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        write(`${index % 2 ? 'left' : 'right'}/${index}.yml`, {
          branch: index % 2 ? 'left' : 'right',
          rebaseOnRace: true,
        }),
      ),
    );
    const left = await snapshot(git.store, 'model', (await git.store.resolveBranch('model', 'left')) ?? '');
    const right = await snapshot(git.store, 'model', (await git.store.resolveBranch('model', 'right')) ?? '');
    expect(Object.keys(left).sort()).toEqual([
      'base.yml',
      'left/1.yml',
      'left/3.yml',
      'left/5.yml',
      'left/7.yml',
      'left/9.yml',
    ]);
    expect(Object.keys(right).sort()).toEqual([
      'base.yml',
      'right/0.yml',
      'right/2.yml',
      'right/4.yml',
      'right/6.yml',
      'right/8.yml',
    ]);
    expect(await git.store.resolveBranch('model', 'main')).toBe(head);
  });

  it('waits for a held ref lock, and breaks one left behind by a dead process', async () => {
    const lockPath = join(git.gitdirOf('model'), 'refs', 'heads', 'main.lock');
    await writeFile(lockPath, '4242\n');
    const started = Date.now();
    const pending = write('after-lock.yml');
    // Another holder releases the lock after 300 ms; the write must wait for it, not fail.
    setTimeout(() => void rm(lockPath), 300);
    await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    const current = (await git.store.resolveBranch('model', 'main')) ?? '';
    await writeFile(lockPath, '4242\n');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath, longAgo, longAgo);
    await write('after-stale-lock.yml', { expectedHead: current });
    const final = (await git.store.resolveBranch('model', 'main')) ?? '';
    expect(Object.keys(await snapshot(git.store, 'model', final)).sort()).toEqual([
      'after-lock.yml',
      'after-stale-lock.yml',
      'base.yml',
    ]);
  });
});
