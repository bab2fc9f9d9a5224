import type { Platform } from '../../platform/platform.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { DataModelServices } from '../data-model/data-model.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { EnvironmentTokensService } from './environment-tokens.service.js';
import { environmentsRoutes } from './environments.routes.js';
import { EnvironmentsService } from './environments.service.js';

export interface EnvironmentsDependencies {
  identity: Pick<IdentityServices, 'credentialOwners'>;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
  dataModel: Pick<DataModelServices, 'branches' | 'devMode'>;
  dataApi: Pick<DataApiServices, 'deploymentTokens'>;
}

/** The environments of deployments: read from the data model, tokens minted by the data API's service. */
export function createEnvironmentsModule(
  platform: Pick<Platform, 'config' | 'store'>,
  dependencies: EnvironmentsDependencies,
) {
  const { deploymentAccess } = dependencies.deployments;
  const { branches, devMode } = dependencies.dataModel;
  const { credentialOwners } = dependencies.identity;
  const environments = new EnvironmentsService(
    {
      loadDeployment: (principal, deploymentId) =>
        deploymentAccess.load(principal, deploymentId, 'DeploymentRead'),
      stagingBranches: (deploymentId) => branches.stagingBranches(deploymentId),
      devModeBranches: (deploymentId) => devMode.activeSessions(deploymentId),
      ownersOf: (accountId, credentialIds) => credentialOwners.ownersOf(accountId, credentialIds),
    },
    platform.config,
  );
  const services = {
    environments,
    environmentTokens: new EnvironmentTokensService(
      platform.store.database,
      environments,
      dependencies.dataApi.deploymentTokens,
    ),
  };
  return {
    services,
    handlers: environmentsRoutes(services),
  } satisfies PlatformModule<unknown, unknown>;
}

export type EnvironmentsModule = ReturnType<typeof createEnvironmentsModule>;
