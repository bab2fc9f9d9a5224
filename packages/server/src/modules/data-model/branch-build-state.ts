import { AppError } from '../../errors/app-error.js';
import type { BranchBuildSource } from '../deployments/deployment-runtime.service.js';
import type { BuildsService } from './builds.service.js';
import type { ServedCommits } from './served-commits.js';

/**
 * What build-status reports of a branch: its latest build, and which commit the data API serves, which
 * is older than the build's when that build failed. A branch that does not exist serves nothing.
 */
export async function branchBuildStateOf(
  builds: BuildsService,
  servedCommits: ServedCommits,
  ...[deployment, branchName]: Parameters<BranchBuildSource>
): ReturnType<BranchBuildSource> {
  const build = await builds.latest(deployment.id, branchName);
  try {
    const { served } = await servedCommits.servedCommitOf(deployment, branchName);
    return { build, servedCommitOid: served };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { build, servedCommitOid: null };
    throw error;
  }
}
