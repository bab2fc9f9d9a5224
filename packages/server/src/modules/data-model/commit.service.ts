import type { Principal } from '../identity/principal.js';
import { headBefore, triggerBuildOrRestoreRef } from './build-or-restore-ref.js';
import type { BuildsService } from './builds.service.js';
import { authorOf, type DataModelAccess } from './data-model-access.js';
import type { DevModeService } from './dev-mode.service.js';
import { withGitErrors } from './git-errors.js';

/**
 * Writes are commits already (see docs/data-model.md); `commit` records a named point on the caller's
 * dev-mode branch, as a commit without changes, and builds it.
 */
export class CommitService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
    private readonly builds: BuildsService,
  ) {}

  async commit(principal: Principal, deploymentId: number, body: { message?: string; branchName?: string }) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const branch = await this.devMode.writeBranch(principal, model, body.branchName);
    const head = await this.access.headOf(model.repositoryId, branch);
    const lastHash = await withGitErrors(() =>
      this.access.gitStore.commitToBranch(model.repositoryId, {
        branch,
        expectedHead: head,
        changes: [],
        message: body.message ?? `Commit ${branch}`,
        author: authorOf(principal),
        rebaseOnRace: true,
      }),
    );
    const { gitStore } = this.access;
    await triggerBuildOrRestoreRef(gitStore, this.builds, model, {
      branch,
      previous: await headBefore(gitStore, model, lastHash, head),
      next: lastHash,
    });
    return { lastHash, buildTriggered: true };
  }
}
