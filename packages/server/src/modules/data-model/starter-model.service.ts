import type { BuildsService } from './builds.service.js';
import type { DataModelAccess, DeploymentRow } from './data-model-access.js';
import { starterModelFiles } from './starter-model.js';

/** Gives a deployment (the demo on first start) its starter model on the deploy branch, and builds it. */
export class StarterModelService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly builds: BuildsService,
  ) {}

  async seed(deployment: Pick<DeploymentRow, 'id' | 'deployBranchName'>): Promise<void> {
    const repositoryId = await this.access.ensureRepository(
      deployment,
      starterModelFiles.map((file) => ({
        path: file.path,
        content: new Uint8Array(Buffer.from(file.text, 'utf8')),
      })),
    );
    const head = await this.access.headOf(repositoryId, deployment.deployBranchName);
    await this.builds.trigger(deployment, deployment.deployBranchName, head);
  }
}
