import type { Action } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { GitAuthor, GitStore } from '../../platform/git-store/git-store.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import type { Principal } from '../identity/principal.js';

/** The server's own commits (starter model, merges of a remote) carry this author. */
export const platformAuthor: GitAuthor = { name: 'Platform', email: 'platform@localhost' };

export function authorOf(principal: Principal): GitAuthor {
  return { name: principal.email, email: principal.email };
}

/** The deployment as DeploymentAccessService hands it out (this module never reads its table). */
export type DeploymentRow = Awaited<ReturnType<DeploymentAccessService['load']>>;

export function repositoryIdOf(deploymentId: number): string {
  return `deployment-${deploymentId}`;
}

export interface ModelDeployment {
  deployment: DeploymentRow;
  repositoryId: string;
}

/**
 * Reaches a deployment's data-model repository for a caller: the deployment through
 * DeploymentAccessService (404 across accounts, the action checked), then its repository, created on
 * first use with an empty deploy branch.
 */
export class DataModelAccess {
  private readonly ensured = new Set<string>();

  constructor(
    private readonly deployments: DeploymentAccessService,
    readonly gitStore: GitStore,
  ) {}

  async load(principal: Principal, deploymentId: number, action: Action): Promise<ModelDeployment> {
    const deployment = await this.deployments.load(principal, deploymentId, action);
    return { deployment, repositoryId: await this.ensureRepository(deployment) };
  }

  /** A second, stronger right for the same call (writing the deploy branch needs SchemaUpdate). */
  async require(principal: Principal, deploymentId: number, action: Action): Promise<void> {
    await this.deployments.load(principal, deploymentId, action);
  }

  async ensureRepository(
    deployment: Pick<DeploymentRow, 'id' | 'deployBranchName'>,
    initialFiles?: ReadonlyArray<{ path: string; content: Uint8Array }>,
  ): Promise<string> {
    const repositoryId = repositoryIdOf(deployment.id);
    if (this.ensured.has(repositoryId) && !initialFiles) return repositoryId;
    await this.gitStore.ensureRepository(repositoryId, {
      defaultBranch: deployment.deployBranchName,
      author: platformAuthor,
      ...(initialFiles ? { initialFiles: [...initialFiles], message: 'Starter data model' } : {}),
    });
    this.ensured.add(repositoryId);
    return repositoryId;
  }

  /** The head commit of a branch, or a 404 naming it. */
  async headOf(repositoryId: string, branchName: string): Promise<string> {
    const head = await this.gitStore.resolveBranch(repositoryId, branchName);
    if (!head) throw new AppError('NOT_FOUND', `branch ${branchName} not found`);
    return head;
  }
}
