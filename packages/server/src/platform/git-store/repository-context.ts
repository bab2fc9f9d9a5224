import type { PromiseFsClient } from 'isomorphic-git';
import { readCommit } from 'isomorphic-git';
import type { FileRemotePolicy } from './file-remote-policy.js';
import { CommitNotFoundError } from './git-store-errors.js';
import type { RefFiles } from './ref-files.js';
import { oidPattern } from './ref-names.js';

/** What every git operation on one bare repository needs. */
export interface RepositoryContext {
  repositoryId: string;
  /** Where all the store's repositories live. */
  rootDirectory: string;
  /** Where file:// remotes may be (the store's own directory is always refused). */
  fileRemotePolicy: FileRemotePolicy;
  gitdir: string;
  fs: PromiseFsClient;
  refs: RefFiles;
  /** isomorphic-git's pack-index cache; one per store call, so it never outlives the packs it describes. */
  cache: object;
}

/** A blob (or submodule) entry of a tree, as merge and edits carry it. */
export interface TreeLeaf {
  oid: string;
  mode: string;
}

export const emptyTreeOid = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export async function readCommitOrThrow(context: RepositoryContext, commit: string) {
  if (typeof commit !== 'string' || !oidPattern.test(commit)) {
    throw new CommitNotFoundError(`${JSON.stringify(commit)} is not a commit id`);
  }
  try {
    const { commit: object } = await readCommit({ ...gitOptions(context), oid: commit });
    return object;
  } catch (error) {
    if (error instanceof Error && ['NotFoundError', 'ObjectTypeError'].includes(codeOf(error))) {
      throw new CommitNotFoundError(`No commit ${commit} in repository ${context.repositoryId}`);
    }
    throw error;
  }
}

export function gitOptions(context: RepositoryContext) {
  return { fs: context.fs, gitdir: context.gitdir, cache: context.cache };
}

export function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return '';
  return String(error.code);
}
