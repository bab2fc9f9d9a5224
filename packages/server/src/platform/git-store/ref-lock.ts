import { randomUUID } from 'node:crypto';
import * as fileSystem from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isErrorCode } from './atomic-file-system.js';
import { RefLockTimeoutError } from './git-store-errors.js';

// A holder keeps a lock for milliseconds; one this old belongs to a process that died while holding it.
const staleLockMilliseconds = 30_000;
const lockWaitMilliseconds = 10_000;

export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Runs tasks with the same key one after another, in call order; different keys run concurrently. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release: () => void = () => {};
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/**
 * Holds `lockPath` (created exclusively, as git itself does for `<ref>.lock`) while the task runs, so
 * processes sharing the repository volume, and the git command line, never update the same ref at once.
 */
export async function withLockFile<T>(lockPath: string, task: () => Promise<T>): Promise<T> {
  await acquireLockFile(lockPath);
  try {
    return await task();
  } finally {
    await fileSystem.rm(lockPath, { force: true });
  }
}

async function acquireLockFile(lockPath: string): Promise<void> {
  const deadline = Date.now() + lockWaitMilliseconds;
  for (;;) {
    try {
      await fileSystem.writeFile(lockPath, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) {
        await fileSystem.mkdir(dirname(lockPath), { recursive: true });
        continue;
      }
      if (!isErrorCode(error, 'EEXIST')) throw error;
    }
    if (await breakStaleLock(lockPath)) continue;
    if (Date.now() > deadline) throw new RefLockTimeoutError(lockPath);
    await sleep(2 + Math.random() * 20);
  }
}

/**
 * Removes a lock left by a dead process. The lock is first renamed away, which only one contender can
 * do; if the renamed file turns out to be fresh (someone re-took the lock in between), it is put back.
 */
async function breakStaleLock(lockPath: string): Promise<boolean> {
  if (!(await isStale(lockPath))) return false;
  // A leading '.' keeps the moved file out of git's and our listings of loose refs.
  const moved = join(dirname(lockPath), `.${basename(lockPath)}.${randomUUID()}.stale`);
  try {
    await fileSystem.rename(lockPath, moved);
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return true;
    throw error;
  }
  if (!(await isStale(moved))) {
    // link fails when a third contender took the lock meanwhile; then that one rightly holds it.
    await fileSystem.link(moved, lockPath).catch(() => undefined);
  }
  await fileSystem.rm(moved, { force: true });
  return true;
}

async function isStale(path: string): Promise<boolean> {
  try {
    const status = await fileSystem.stat(path);
    return Date.now() - status.mtimeMs > staleLockMilliseconds;
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return false;
    throw error;
  }
}
