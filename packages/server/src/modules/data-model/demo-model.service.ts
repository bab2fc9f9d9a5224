import type { BuildsService } from './builds.service.js';
import type { DataModelAccess, DeploymentRow } from './data-model-access.js';
import { demoModelFiles } from './demo-model/demo-model-files.js';

/** Gives a deployment (the demo on first start) the demo model on its deploy branch, and builds it. */
export class DemoModelService {
  constructor(
    private readonly access: DataModelAccess,
    private readonly builds: BuildsService,
  ) {}

  async seed(deployment: Pick<DeploymentRow, 'id' | 'deployBranchName'>): Promise<void> {
    const repositoryId = await this.access.ensureRepository(
      deployment,
      demoModelFiles.map((file) => ({
        path: file.path,
        content: new Uint8Array(Buffer.from(file.text, 'utf8')),
      })),
    );
    const head = await this.access.headOf(repositoryId, deployment.deployBranchName);
    await this.builds.trigger(deployment, deployment.deployBranchName, head);
  }
}
