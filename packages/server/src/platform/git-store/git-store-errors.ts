/** Every error the git store throws on purpose extends this, so callers can tell them from I/O failures. */
export class GitStoreError extends Error {
  override readonly name: string = 'GitStoreError';
}

/** A model path was refused: it would escape the repository, reach into `.git`, or is malformed. */
export class InvalidPathError extends GitStoreError {
  override readonly name = 'InvalidPathError';
}

export class InvalidBranchNameError extends GitStoreError {
  override readonly name = 'InvalidBranchNameError';
}

export class InvalidRepositoryIdError extends GitStoreError {
  override readonly name = 'InvalidRepositoryIdError';
}

export class RepositoryNotFoundError extends GitStoreError {
  override readonly name = 'RepositoryNotFoundError';
}

export class BranchNotFoundError extends GitStoreError {
  override readonly name = 'BranchNotFoundError';
}

export class BranchExistsError extends GitStoreError {
  override readonly name = 'BranchExistsError';
}

/** An oid that does not name a commit of the repository (missing, or a tree or blob). */
export class CommitNotFoundError extends GitStoreError {
  override readonly name = 'CommitNotFoundError';
}

/** The compare-and-swap of a ref was lost: the ref no longer points where the caller expected. */
export class BranchMovedError extends GitStoreError {
  override readonly name: string = 'BranchMovedError';

  constructor(
    readonly ref = '',
    readonly expected: string | null = null,
    readonly actual: string | null = null,
  ) {
    super(`${ref || 'The branch'} moved: expected ${expected ?? 'no ref'}, found ${actual ?? 'no ref'}`);
  }
}

/**
 * The lock of a ref could not be taken in time. It extends BranchMovedError because, to the caller, it is
 * the same situation: another writer holds the branch, so the request is answered as a lost race.
 */
export class RefLockTimeoutError extends BranchMovedError {
  override readonly name = 'RefLockTimeoutError';

  constructor(readonly lockPath: string) {
    super();
    this.message = `Timed out waiting for the lock ${lockPath}`;
  }
}

/** Both sides changed the same paths (or one modified what the other deleted); nothing was written. */
export class MergeConflictError extends GitStoreError {
  override readonly name = 'MergeConflictError';

  constructor(readonly paths: string[]) {
    super(`Merge conflict in ${paths.length} file(s): ${paths.join(', ')}`);
  }
}

export type GitRemoteFailure =
  | 'unsupported'
  | 'unreachable'
  | 'authentication'
  | 'not-found'
  | 'rejected'
  | 'failed';

/** A fetch or push failed. Messages never contain the remote's credentials. */
export class GitRemoteError extends GitStoreError {
  override readonly name = 'GitRemoteError';

  constructor(
    readonly reason: GitRemoteFailure,
    message: string,
  ) {
    super(message);
  }
}
