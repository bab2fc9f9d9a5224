import { and, eq } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { BranchNotFoundError, type GitRemote } from '../../platform/git-store/git-store.js';
import type { Principal } from '../identity/principal.js';
import { triggerBuildOrRestoreRef } from './build-or-restore-ref.js';
import type { BuildsService } from './builds.service.js';
import { branchesTable } from './data-model.tables.js';
import { authorOf, type DataModelAccess, type ModelDeployment } from './data-model-access.js';
import type { DevModeService } from './dev-mode.service.js';
import { toAppError, withGitErrors } from './git-errors.js';
import type { GitRemotesService } from './git-remotes.service.js';

/** Merges between branches; a merge into the deploy branch is pushed when a remote is connected. */
export class MergeService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
    private readonly builds: BuildsService,
    private readonly remotes: GitRemotesService,
  ) {}

  /** Merges `branchName` into the branch it was made from (the deploy branch when unknown). */
  async merge(
    principal: Principal,
    deploymentId: number,
    body: { branchName?: string | undefined; squashCommits?: boolean; deleteBranch?: boolean },
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdate');
    const source = await this.sourceOf(principal, deploymentId, body.branchName);
    const target = (await this.parentOf(deploymentId, source)) ?? model.deployment.deployBranchName;
    if (target === source) throw new AppError('BAD_REQUEST', 'a branch cannot be merged into itself');
    const result = await this.mergeInto(principal, model, {
      source,
      target,
      message: `Merge ${source} into ${target}`,
      squash: body.squashCommits ?? false,
    });
    const branchDeleted = body.deleteBranch ? await this.remove(model, source) : false;
    return { merged: result.merged, branchDeleted };
  }

  async mergeToDefault(
    principal: Principal,
    deploymentId: number,
    body: { message?: string | undefined; branchName?: string; removeBranchAfterMerge?: boolean },
  ) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdate');
    const target = model.deployment.deployBranchName;
    const source = await this.sourceOf(principal, deploymentId, body.branchName);
    if (source === target) throw new AppError('BAD_REQUEST', 'a branch cannot be merged into itself');
    // With a remote, the merge commit is pushed before the deploy branch moves: a refused or unreachable
    // remote answers 400 and leaves the deploy branch (and everything built from it) as it was.
    const remote = await this.remotes.remoteOf(deploymentId);
    const pushTo = remote ? { remote: remote.remote, branch: remote.branch } : undefined;
    const result = await this.mergeInto(principal, model, {
      source,
      target,
      message: body.message ?? `Merge ${source} into ${target}`,
      squash: false,
      pushTo,
    });
    if (remote && result.isUpToDate) {
      // Nothing to merge, so nothing moved here; the remote may still lag behind the deploy branch.
      await withGitErrors(() =>
        this.access.gitStore.push(model.repositoryId, remote.remote, target, remote.branch),
      );
    }
    const branchDeleted = body.removeBranchAfterMerge ? await this.remove(model, source) : false;
    return { merged: result.merged, branchDeleted, lastHash: result.lastHash, pushed: remote !== null };
  }

  /** The branch a merge takes: the one named, else the caller's dev-mode branch (what the hosted CLI means). */
  private async sourceOf(principal: Principal, deploymentId: number, branchName: string | undefined) {
    const source = branchName ?? (await this.devMode.activeSession(principal, deploymentId))?.branchName;
    if (!source) {
      throw new AppError('BAD_REQUEST', 'give branchName, or start dev mode to merge your dev-mode branch');
    }
    return source;
  }

  private async mergeInto(
    principal: Principal,
    model: ModelDeployment,
    options: {
      source: string;
      target: string;
      message: string;
      squash: boolean;
      pushTo?: { remote: GitRemote; branch: string } | undefined;
    },
  ) {
    const sourceHead = await this.access.headOf(model.repositoryId, options.source);
    await this.access.headOf(model.repositoryId, options.target);
    const result = await withGitErrors(() =>
      this.access.gitStore.merge(model.repositoryId, {
        ours: options.target,
        theirs: sourceHead,
        message: options.message,
        author: authorOf(principal),
        squash: options.squash,
        ...(options.pushTo ? { pushTo: options.pushTo } : {}),
      }),
    );
    // With a remote, the commit was pushed before the branch moved; if the build cannot be recorded the
    // branch moves back, the remote keeps the commit, and the next pull brings it in again.
    if (!result.isUpToDate) {
      await triggerBuildOrRestoreRef(this.access.gitStore, this.builds, model, {
        branch: options.target,
        previous: result.previous,
        next: result.commit,
      });
    }
    return { merged: true, lastHash: result.commit, isUpToDate: result.isUpToDate };
  }

  /**
   * Deletes the merged branch. Runs after the merge has landed, so it cannot fail the request: a branch
   * someone else deleted meanwhile is reported as not deleted by this call.
   */
  private async remove(model: ModelDeployment, branchName: string): Promise<boolean> {
    if (branchName === model.deployment.deployBranchName) return false;
    try {
      await this.access.gitStore.deleteBranch(model.repositoryId, branchName);
    } catch (error) {
      if (error instanceof BranchNotFoundError) return false;
      throw toAppError(error);
    }
    await this.devMode.endSessionsOn(model.deployment.id, branchName);
    return true;
  }

  private async parentOf(deploymentId: number, branchName: string): Promise<string | null> {
    const [row] = await this.database
      .select({ parentBranch: branchesTable.parentBranch })
      .from(branchesTable)
      .where(and(eq(branchesTable.deploymentId, deploymentId), eq(branchesTable.name, branchName)));
    return row?.parentBranch ?? null;
  }
}
