import { findMergeBase } from 'isomorphic-git';
import { writeCommitObject } from './commit-writer.js';
import type { GitAuthor, MergeResult } from './git-store.js';
import { BranchMovedError, BranchNotFoundError, MergeConflictError } from './git-store-errors.js';
import { branchRef, oidPattern } from './ref-names.js';
import type { RefUpdater } from './ref-updater.js';
import { gitOptions, type RepositoryContext, readCommitOrThrow } from './repository-context.js';
import { mergeTrees } from './three-way-merge.js';
import { applyTreeEdits, flattenTree } from './tree-editor.js';

export interface MergeOptions {
  ours: string;
  theirs: string;
  message: string;
  author: GitAuthor;
  squash?: boolean;
}

/**
 * Merges `theirs` into branch `ours` and moves the branch by compare-and-swap. When another process moves
 * the branch meanwhile, the merge is computed again on the new head (it may then conflict or be up to date).
 * `publish` (a push) runs with the merge's commit before the branch moves; if it throws, nothing moved.
 */
export async function mergeIntoBranch(
  context: RepositoryContext,
  updater: RefUpdater,
  options: MergeOptions,
  publish?: (commit: string) => Promise<void>,
): Promise<MergeResult> {
  const ref = branchRef(options.ours);
  const theirs = await resolveCommitish(context, options.theirs);
  return updater.withRef(context, ref, async () => {
    const ours = await context.refs.read(ref);
    if (ours === null) throw new BranchNotFoundError(`Branch ${options.ours} does not exist`);
    const result = await planMerge(context, ours, theirs, options);
    if (result.isUpToDate) return result;
    // Published before the branch moves: when publishing fails, the branch has not changed.
    await publish?.(result.commit);
    try {
      await updater.swap(context, ref, ours, result.commit);
      return result;
    } catch (error) {
      if (!(error instanceof BranchMovedError)) throw error;
    }
    // Another process moved the branch: merge again on its new head, holding the lock file this time. What
    // was published must end up in the branch, so that commit is merged (and published again on top).
    const source = publish ? result.commit : theirs;
    const again = publish ? { ...options, squash: false } : options;
    let merged = result;
    await updater.update(context, ref, async (head) => {
      if (head === null) throw new BranchNotFoundError(`Branch ${options.ours} does not exist`);
      merged = await planMerge(context, head, source, again);
      if (!merged.isUpToDate) await publish?.(merged.commit);
      return merged.commit;
    });
    return merged;
  });
}

/** A commit id, or the name of a local branch. */
async function resolveCommitish(context: RepositoryContext, commitish: string): Promise<string> {
  if (oidPattern.test(commitish)) {
    await readCommitOrThrow(context, commitish);
    return commitish;
  }
  const head = await context.refs.read(branchRef(commitish));
  if (head === null) throw new BranchNotFoundError(`Branch ${commitish} does not exist`);
  return head;
}

/** Writes the merge commit (if one is needed) without moving any ref. */
async function planMerge(
  context: RepositoryContext,
  ours: string,
  theirs: string,
  options: MergeOptions,
): Promise<MergeResult> {
  const upToDate: MergeResult = { commit: ours, previous: ours, isFastForward: false, isUpToDate: true };
  if (ours === theirs) return upToDate;
  // With several merge bases (criss-cross history) the first is used; git would merge the bases first.
  const [base] = (await findMergeBase({ ...gitOptions(context), oids: [ours, theirs] })) as string[];
  if (base === theirs) return upToDate;
  if (base === ours && !options.squash) {
    return { commit: theirs, previous: ours, isFastForward: true, isUpToDate: false };
  }
  const ourCommit = await readCommitOrThrow(context, ours);
  const theirCommit = await readCommitOrThrow(context, theirs);
  let tree = theirCommit.tree;
  if (base !== ours) {
    // Unrelated histories (a freshly connected remote) merge against an empty base.
    const baseFiles = base
      ? await flattenTree(context, (await readCommitOrThrow(context, base)).tree)
      : new Map();
    const merged = mergeTrees(
      baseFiles,
      await flattenTree(context, ourCommit.tree),
      await flattenTree(context, theirCommit.tree),
    );
    if (merged.conflicts.length > 0) throw new MergeConflictError(merged.conflicts);
    tree = await applyTreeEdits(context, ourCommit.tree, merged.edits);
  }
  const commit = await writeCommitObject(context, {
    tree,
    parents: options.squash ? [ours] : [ours, theirs],
    message: options.message,
    author: options.author,
  });
  return { commit, previous: ours, isFastForward: false, isUpToDate: false };
}
