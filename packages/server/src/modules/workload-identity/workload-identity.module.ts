import type { Platform } from '../../platform/platform.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { OidcIssuerService } from './oidc-issuer.service.js';
import { OidcTestTokensService } from './oidc-test-tokens.service.js';
import { OidcTokenConfigsService } from './oidc-token-configs.service.js';
import { SigningKeysService } from './signing-keys.service.js';
import { workloadIdentityRoutes } from './workload-identity.routes.js';
import { WorkloadTokenMinter } from './workload-token-minter.js';
import { WorkloadTokensProvider } from './workload-tokens.provider.js';

export interface WorkloadIdentityDependencies {
  identity: Pick<IdentityServices, 'authorization'>;
  deployments: Pick<DeploymentsServices, 'deploymentAccess'>;
}

/**
 * The platform as an OpenID Connect issuer for its deployments' workloads (workload identity federation):
 * signing keys, token configurations, and the tokens deployments' warehouse connections see.
 */
export function createWorkloadIdentityModule(
  platform: Pick<Platform, 'config' | 'store' | 'changeFeed' | 'secretBox'>,
  dependencies: WorkloadIdentityDependencies,
) {
  const { config, changeFeed, secretBox } = platform;
  const { database } = platform.store;
  const { authorization } = dependencies.identity;
  const { deploymentAccess } = dependencies.deployments;
  const signingKeys = new SigningKeysService(database, secretBox, changeFeed);
  const workloadTokenMinter = new WorkloadTokenMinter(signingKeys, config);
  const oidcTokenConfigs = new OidcTokenConfigsService(database, authorization, deploymentAccess, changeFeed);
  const services = {
    signingKeys,
    workloadTokenMinter,
    oidcTokenConfigs,
    oidcTestTokens: new OidcTestTokensService(oidcTokenConfigs, deploymentAccess, workloadTokenMinter),
    oidcIssuer: new OidcIssuerService(signingKeys, authorization, config),
    workloadTokens: new WorkloadTokensProvider(database, workloadTokenMinter),
  };
  const unsubscribes: Array<() => void> = [];
  return {
    services,
    handlers: workloadIdentityRoutes(services),
    async start() {
      // Another process's rotation or configuration change drops what this one keeps.
      unsubscribes.push(
        changeFeed.subscribe((topic) => signingKeys.handleChange(topic)),
        changeFeed.subscribe((topic) => services.workloadTokens.handleChange(topic)),
      );
    },
    async close() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type WorkloadIdentityModule = ReturnType<typeof createWorkloadIdentityModule>;
export type WorkloadIdentityServices = WorkloadIdentityModule['services'];
