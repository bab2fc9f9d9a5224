import { BranchMovedError, type GitStore } from '../../platform/git-store/git-store.js';
import type { BuildsService } from './builds.service.js';
import type { ModelDeployment } from './data-model-access.js';

/** A branch that an operation has just moved, from `previous` to `next`. */
export interface RefMove {
  branch: string;
  previous: string;
  next: string;
}

/**
 * Records the build of the commit a branch has just moved to. An operation that reports failure must
 * have changed nothing: when the build cannot be recorded, the branch moves back by compare-and-swap
 * before the error goes on. If another write has moved the branch since, it is left alone (that write
 * built on this commit and recorded its own build).
 */
export async function triggerBuildOrRestoreRef(
  gitStore: GitStore,
  builds: BuildsService,
  model: ModelDeployment,
  move: RefMove,
): Promise<number> {
  try {
    return await builds.trigger(model.deployment, move.branch, move.next);
  } catch (error) {
    await gitStore
      .compareAndSwapRef(model.repositoryId, move.branch, move.next, move.previous)
      .catch((restoreError: unknown) => {
        if (!(restoreError instanceof BranchMovedError)) throw restoreError;
      });
    throw error;
  }
}

/** The head a branch had before a commit made on it by `commitToBranch` (its first parent). */
export async function headBefore(
  gitStore: GitStore,
  model: ModelDeployment,
  commit: string,
  fallback: string,
): Promise<string> {
  return (await gitStore.firstParentOf(model.repositoryId, commit)) ?? fallback;
}
