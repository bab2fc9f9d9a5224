import type { Principal } from '../identity/principal.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import {
  availableEngineVersions,
  isCurrentEngineVersion,
  isLatestInChannel,
} from './engine-versions.catalogue.js';

/** The engine versions a deployment can switch to (through updateDeployment), and which one it runs. */
export class EngineVersionsService {
  constructor(private readonly access: DeploymentAccessService) {}

  async list(principal: Principal, deploymentId: number) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentRead');
    return {
      items: availableEngineVersions.map((item) => ({
        ...item,
        releaseChannel: item.channel,
        releaseChannelVersion: item.version,
        isLatestInChannel: isLatestInChannel(item),
        isCurrent: isCurrentEngineVersion(item, deployment),
      })),
      // The catalogue is what this build ships: one page, whatever `first` asks.
      pageInfo: { endCursor: null, hasNextPage: false },
    };
  }
}
