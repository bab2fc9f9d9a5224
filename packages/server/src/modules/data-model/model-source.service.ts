import type { Principal } from '../identity/principal.js';
import { isModelFilePath } from './compile-model.js';
import type { DataModelAccess } from './data-model-access.js';
import type { DevModeService } from './dev-mode.service.js';
import type { ServedCommits } from './served-commits.js';

/** One model file of a commit, as the semantic compiler reads it. */
export interface ModelSourceFile {
  fileName: string;
  content: string;
}

/**
 * What the data API reads of a deployment's repository: a branch's head and the model files of a commit.
 * Callers have already been allowed to query the deployment; this module only resolves the git side.
 */
export class ModelSourceService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly devMode: DevModeService,
    private readonly servedCommits: ServedCommits,
  ) {}

  /** The branch's last commit before `commit` whose model compiles: what to serve while `commit` is broken. */
  lastValidCommitBefore(deployment: { id: number; deployBranchName: string }, commit: string) {
    return this.servedCommits.lastValidCommitBefore(deployment, commit);
  }

  /** The commit a branch points at, or a 404 naming the branch. */
  async headOf(deployment: { id: number; deployBranchName: string }, branchName: string): Promise<string> {
    const repositoryId = await this.access.ensureRepository(deployment);
    return this.access.headOf(repositoryId, branchName);
  }

  async filesAt(deployment: { id: number; deployBranchName: string }, commit: string) {
    const repositoryId = await this.access.ensureRepository(deployment);
    const files = await this.access.gitStore.readFiles(repositoryId, commit);
    return files
      .filter((file) => isModelFilePath(file.path))
      .map(
        (file): ModelSourceFile => ({
          fileName: file.path,
          content: Buffer.from(file.content).toString('utf8'),
        }),
      );
  }

  /** The credential's dev-mode branch while its dev mode is on, else null. */
  async devModeBranchOf(principal: Principal, deploymentId: number): Promise<string | null> {
    const session = await this.devMode.activeSession(principal, deploymentId);
    return session?.branchName ?? null;
  }
}
