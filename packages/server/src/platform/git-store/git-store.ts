/**
 * The data-model repositories: bare git repositories worked on with git plumbing only (blobs, trees,
 * commits, refs), never a working tree, so requests on different branches never see each other's
 * half-written state. Refs move by compare-and-swap, safe across processes sharing the volume.
 */

export { FileRemoteNotAllowedError, type FileRemotePolicy } from './file-remote-policy.js';
export {
  BranchExistsError,
  BranchMovedError,
  BranchNotFoundError,
  CommitNotFoundError,
  GitRemoteError,
  type GitRemoteFailure,
  GitStoreError,
  InvalidBranchNameError,
  InvalidPathError,
  InvalidRepositoryIdError,
  MergeConflictError,
  RefLockTimeoutError,
  RepositoryNotFoundError,
} from './git-store-errors.js';
export { normaliseModelPath } from './model-path.js';

export interface GitAuthor {
  name: string;
  email: string;
}

/** A file of a commit's tree; `path` has no leading slash and '/' between folders. */
export interface TreeFile {
  path: string;
  blobOid: string;
  size: number;
}

/** A file of a commit's tree with the SHA-1 of its bytes (not the blob oid, which also hashes a header). */
export interface TreeFileHash {
  path: string;
  blobOid: string;
  contentSha1: string;
}

/** Writes `content` at `path`; `null` deletes the file (or the whole folder, if `path` is one). */
export interface FileChange {
  path: string;
  content: Uint8Array | null;
}

/** A remote repository: an http(s):// URL (credentials via onAuth) or a file:// URL (needs the git CLI). */
export interface GitRemote {
  url: string;
  username?: string;
  token?: string;
}

export interface MergeResult {
  /** The branch's head after the merge. */
  commit: string;
  /** The branch's head the merge was made on (equal to `commit` when up to date), to move it back to. */
  previous: string;
  isFastForward: boolean;
  /** `theirs` was already contained in `ours`: nothing was written and the ref did not move. */
  isUpToDate: boolean;
}

export interface EnsureRepositoryOptions {
  defaultBranch: string;
  author: GitAuthor;
  initialFiles?: readonly FileChange[];
  message?: string;
}

export interface CreateCommitOptions {
  parent: string;
  changes: readonly FileChange[];
  message: string;
  author: GitAuthor;
  extraParents?: readonly string[];
}

export interface CommitToBranchOptions {
  branch: string;
  expectedHead: string;
  changes: readonly FileChange[];
  message: string;
  author: GitAuthor;
  rebaseOnRace?: boolean;
}

export interface MergeOptions {
  ours: string;
  theirs: string;
  message: string;
  author: GitAuthor;
  squash?: boolean;
  /**
   * Push the merge's commit to this remote branch before `ours` moves: when the push fails, `ours` does not
   * move (the error is the push's), so a merge that reports failure has changed nothing here.
   */
  pushTo?: { remote: GitRemote; branch: string };
}

export interface GitStore {
  /**
   * Creates the bare repository with an initial commit (empty tree, or `initialFiles`) on the default
   * branch; idempotent, and safe when several processes call it at once. `initialFiles` are only used
   * when the default branch does not exist yet.
   */
  ensureRepository(repositoryId: string, options: EnsureRepositoryOptions): Promise<void>;
  deleteRepository(repositoryId: string): Promise<void>;
  /** Local branches, sorted by name. */
  listBranches(repositoryId: string): Promise<Array<{ name: string; head: string }>>;
  /** The commit a branch points at, or null when there is no such branch. */
  resolveBranch(repositoryId: string, branch: string): Promise<string | null>;
  /** Throws BranchExistsError if it exists, CommitNotFoundError for an unknown commit. */
  createBranch(repositoryId: string, name: string, fromCommit: string): Promise<void>;
  /** Throws BranchNotFoundError when the branch does not exist. */
  deleteBranch(repositoryId: string, name: string): Promise<void>;
  /**
   * Moves a ref (`refs/...`, or a bare branch name) only if it still points at `expected` (null = must not
   * exist); `next` null deletes it. Throws BranchMovedError otherwise.
   */
  compareAndSwapRef(
    repositoryId: string,
    ref: string,
    expected: string | null,
    next: string | null,
  ): Promise<void>;
  listFiles(repositoryId: string, commit: string): Promise<TreeFile[]>;
  /** The files of a commit with the SHA-1 of their bytes; remembered by blob oid, so mostly no blob is read. */
  listFileHashes(repositoryId: string, commit: string): Promise<TreeFileHash[]>;
  /** The file's bytes, or null when the path is absent or a folder. */
  readFile(repositoryId: string, commit: string, path: string): Promise<Uint8Array | null>;
  readFiles(repositoryId: string, commit: string): Promise<Array<{ path: string; content: Uint8Array }>>;
  /** The commit's first parent (the branch's previous head, for a merge too), or null for a root commit. */
  firstParentOf(repositoryId: string, commit: string): Promise<string | null>;
  /** Writes blobs, the new trees and a commit on `parent` with the changes applied; moves no ref. */
  createCommit(repositoryId: string, options: CreateCommitOptions): Promise<string>;
  /**
   * createCommit on `expectedHead` + compare-and-swap of refs/heads/<branch>. On a lost race, with
   * `rebaseOnRace` the same changes are applied again on the new head (a few times), otherwise
   * BranchMovedError. Returns the new commit.
   */
  commitToBranch(repositoryId: string, options: CommitToBranchOptions): Promise<string>;
  /**
   * Three-way merge of `theirs` (a branch name or a commit id) into branch `ours`, merge base found by git.
   * Fast-forward when possible; otherwise a merge commit (one parent with `squash`). File-level only:
   * MergeConflictError lists paths changed differently on both sides, including modify/delete.
   */
  merge(repositoryId: string, options: MergeOptions): Promise<MergeResult>;
  /**
   * Refuses (GitRemoteError) a remote the store would not use, without contacting it: not http(s) or
   * file, credentials over plain http, or a file:// remote outside the store's file remote policy.
   * Fetch and push check the same again, so a link swapped after this check changes nothing.
   */
  checkRemote(remote: GitRemote): Promise<void>;
  /** Fetches `remoteBranch` into refs/remotes/origin/<branch> and returns its commit. */
  fetch(repositoryId: string, remote: GitRemote, remoteBranch: string): Promise<string>;
  /** Fetches a branch, or else a tag, of that name and returns the commit it names. */
  fetchRef(repositoryId: string, remote: GitRemote, ref: string): Promise<string>;
  /** Pushes the local branch to the remote branch; GitRemoteError('rejected') if it is not a fast-forward. */
  push(repositoryId: string, remote: GitRemote, localBranch: string, remoteBranch: string): Promise<void>;
}
