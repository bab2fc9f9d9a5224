import { isErrorCode } from './atomic-file-system.js';
import { BranchMovedError, InvalidBranchNameError } from './git-store-errors.js';
import { KeyedMutex, withLockFile } from './ref-lock.js';
import type { RepositoryContext } from './repository-context.js';

/**
 * Moves refs by compare-and-swap. Two locks guard a ref: an in-process mutex, which queues this process's
 * writers fairly (so a busy branch does not make them lose race after race), and the `<ref>.lock` file,
 * which excludes other processes on the shared volume and the git command line.
 */
export class RefUpdater {
  private readonly mutex = new KeyedMutex();

  /** Runs `task` as this process's only writer of the ref; `swap` must be called inside it. */
  withRef<T>(context: RepositoryContext, ref: string, task: () => Promise<T>): Promise<T> {
    return this.mutex.run(`${context.gitdir}\u0000${ref}`, task);
  }

  /** Points `ref` at `next` (null deletes it) if it points at `expected` now; else BranchMovedError. */
  swap(context: RepositoryContext, ref: string, expected: string | null, next: string | null): Promise<void> {
    return this.update(context, ref, async (actual) => {
      if (actual !== expected) throw new BranchMovedError(ref, expected, actual);
      return next;
    });
  }

  /**
   * Holds the ref's lock file while `compute` derives the new value from the current one, so no other
   * process can move the ref in between. Used after an optimistic attempt lost a race: it guarantees
   * progress, at the price of holding the lock while the commit is written.
   */
  async update(
    context: RepositoryContext,
    ref: string,
    compute: (actual: string | null) => Promise<string | null>,
  ): Promise<void> {
    let isDeleted = false;
    try {
      await withLockFile(context.refs.lockPathOf(ref), async () => {
        const actual = await context.refs.read(ref);
        const next = await compute(actual);
        if (next === actual) return;
        if (next === null) await context.refs.delete(ref);
        else await context.refs.write(ref, next);
        isDeleted = next === null;
      });
    } catch (error) {
      // The lock file cannot be created when a path segment of the ref is itself a ref.
      if (isErrorCode(error, 'ENOTDIR')) {
        throw new InvalidBranchNameError(
          `${ref} conflicts with an existing ref (a name and a folder of names)`,
        );
      }
      throw error;
    }
    // Only after the lock file is gone can the folders it lived in be empty.
    if (isDeleted) await context.refs.pruneEmptyFolders(ref);
  }
}
