import type { BuildStatus } from '@platform/contract';
import type { Principal } from '../identity/principal.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import { processPodContainers, processPodName } from './process-pod.js';

/** The latest build of a branch, as the data-model module records it (asked, never read from its tables). */
export interface BranchBuildState {
  status: BuildStatus['status'];
  errorText: string | null;
  filesHash: string | null;
  commitOid: string;
  updatedAt: Date;
}

/** The latest build of a branch and the commit the data API serves for it (asked of the data-model module). */
export type BranchBuildSource = (
  deployment: { id: number; deployBranchName: string },
  branchName: string,
) => Promise<{ build: BranchBuildState | null; servedCommitOid: string | null }>;

/** What is running for a deployment: the processes serving it and the build state of its branches. */
export class DeploymentRuntimeService {
  constructor(
    private readonly access: DeploymentAccessService,
    private readonly latestBuild: BranchBuildSource,
  ) {}

  /** Every process serves every deployment; the one answering is the pod it can vouch for. */
  async pods(principal: Principal, deploymentId: number) {
    await this.access.load(principal, deploymentId, 'DeploymentRead');
    return {
      items: [
        {
          name: processPodName,
          containers: [...processPodContainers],
          ready: true,
          restartCount: 0,
          status: 'Running',
          type: 'all',
        },
      ],
    };
  }

  /** A branch never built reports `none`. */
  async buildStatus(principal: Principal, deploymentId: number, branchName?: string): Promise<BuildStatus> {
    const deployment = await this.access.load(principal, deploymentId, 'SchemaRead');
    const branch = branchName ?? deployment.deployBranchName;
    const { build, servedCommitOid } = await this.latestBuild(deployment, branch);
    return {
      deploymentId,
      branchName: branch,
      mode: branch === deployment.deployBranchName ? 'production' : 'dev',
      status: build?.status ?? 'none',
      errorText: build?.errorText ?? null,
      filesHash: build?.filesHash ?? null,
      commitOid: build?.commitOid ?? null,
      servedCommitOid,
      updatedAt: build ? build.updatedAt.toISOString() : null,
    };
  }
}
