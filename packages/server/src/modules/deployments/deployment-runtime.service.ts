import type { BuildStatus } from '@platform/contract';
import type { Principal } from '../identity/principal.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import { processPodContainers, processPodName } from './process-pod.js';

/** What is running for a deployment: the processes serving it and the build state of its branches. */
export class DeploymentRuntimeService {
  constructor(private readonly access: DeploymentAccessService) {}

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

  /**
   * Nothing compiles a branch's data model yet, so every branch reports `none`; the data-model build
   * module will own this state and answer from its own records.
   */
  async buildStatus(principal: Principal, deploymentId: number, branchName?: string): Promise<BuildStatus> {
    const deployment = await this.access.load(principal, deploymentId, 'SchemaRead');
    const branch = branchName ?? deployment.deployBranchName;
    return {
      deploymentId,
      branchName: branch,
      mode: branch === deployment.deployBranchName ? 'production' : 'dev',
      status: 'none',
      errorText: null,
      filesHash: null,
      updatedAt: null,
    };
  }
}
