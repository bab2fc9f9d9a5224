import { type PollOptions, pollUntil } from '../program/poll-until.js';
import type { BuildStatusSnapshot, DeployApi } from './deploy-api.js';
import type { BuildOutcome } from './deploy-progress.js';

export interface BuildWaitOptions extends PollOptions {
  /**
   * The status read before the change that triggers the build. Until the status differs from it, the
   * new build may not have been recorded yet, so an old `built` must not be taken for the new one.
   */
  previous: BuildStatusSnapshot | null;
  /** The commit the build is expected to be of; a status naming it is the new build. */
  expectedHash: string | null;
  /** How long an unchanged, settled status is distrusted before it is accepted anyway. */
  settleMilliseconds: number;
}

export function isSameStatus(left: BuildStatusSnapshot, right: BuildStatusSnapshot): boolean {
  return (
    left.status === right.status && left.updatedAt === right.updatedAt && left.filesHash === right.filesHash
  );
}

/** Polls the build status of a branch until it stops building (and is the new build); answers it. */
export async function waitForBuildStatus(
  read: () => Promise<BuildStatusSnapshot>,
  options: BuildWaitOptions,
): Promise<BuildStatusSnapshot> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  return pollUntil(
    read,
    (status) => {
      if (status.status === 'building') return false;
      if (options.previous === null) return true;
      if (options.expectedHash !== null && status.filesHash === options.expectedHash) return true;
      return !isSameStatus(status, options.previous) || now() - startedAt >= options.settleMilliseconds;
    },
    options,
  );
}

/** The finished build with its errors by file and line: a failed build is asked for them through validate. */
export async function buildOutcomeOf(
  api: Pick<DeployApi, 'validationErrors'>,
  status: BuildStatusSnapshot,
): Promise<BuildOutcome> {
  const outcome: BuildOutcome = {
    status: status.status,
    branchName: status.branchName,
    errorText: status.errorText,
    errors: [],
  };
  if (status.status !== 'failed') return outcome;
  try {
    outcome.errors = await api.validationErrors(status.branchName ?? undefined);
  } catch {
    // The build's own errorText still tells what went wrong; a failing validate must not hide it.
  }
  return outcome;
}
