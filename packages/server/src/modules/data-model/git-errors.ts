import { AppError } from '../../errors/app-error.js';
import { FileRemoteNotAllowedError } from '../../platform/git-store/file-remote-policy.js';
import {
  BranchExistsError,
  BranchMovedError,
  BranchNotFoundError,
  GitRemoteError,
  InvalidBranchNameError,
  InvalidPathError,
  MergeConflictError,
} from '../../platform/git-store/git-store-errors.js';

/** The git store's deliberate errors, as the API answers them; anything else stays a 500. */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof InvalidPathError || error instanceof InvalidBranchNameError) {
    return new AppError('BAD_REQUEST', error.message);
  }
  if (error instanceof MergeConflictError) {
    return new AppError('CONFLICT', error.message, { paths: error.paths });
  }
  if (error instanceof BranchMovedError) {
    return new AppError(
      'upsert_branch_changed',
      'the branch changed while the request was applied; read it again and retry',
    );
  }
  if (error instanceof BranchNotFoundError) return new AppError('NOT_FOUND', error.message);
  if (error instanceof BranchExistsError) return new AppError('CONFLICT', error.message);
  // The server's policy refused the remote: nothing was asked of it, so the message stands alone.
  if (error instanceof FileRemoteNotAllowedError) return new AppError('BAD_REQUEST', error.message);
  if (error instanceof GitRemoteError) {
    return new AppError('BAD_REQUEST', `the git remote answered: ${error.message}`);
  }
  return error;
}

/** Runs git work and answers its failures in the API's terms. */
export async function withGitErrors<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}
