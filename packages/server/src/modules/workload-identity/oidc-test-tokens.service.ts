import type * as contract from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import { assertCredentialWithin } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import type { OidcTokenConfigsService } from './oidc-token-configs.service.js';
import type { WorkloadTokenMinter } from './workload-token-minter.js';
import { coversDeployment } from './workload-tokens.provider.js';

/**
 * Mints, for an admin, the token a covered deployment's connection gets, so a team can test the trust
 * policy of its warehouse or cloud account before relying on it.
 */
export class OidcTestTokensService {
  constructor(
    private readonly configs: OidcTokenConfigsService,
    private readonly deploymentAccess: DeploymentAccessService,
    private readonly minter: WorkloadTokenMinter,
  ) {}

  async create(principal: Principal, configId: number, deploymentId: number): Promise<contract.OidcToken> {
    const config = await this.configs.findForCaller(principal, configId);
    await this.deploymentAccess.load(principal, deploymentId, 'SecretsManage');
    if (!config.isEnabled) {
      throw new AppError(
        'CONFLICT',
        `OIDC token configuration ${configId} is disabled: enable it to mint tokens (isEnabled: true)`,
      );
    }
    if (!coversDeployment(config, deploymentId)) {
      throw new AppError(
        'BAD_REQUEST',
        `OIDC token configuration ${configId} does not cover deployment ${deploymentId} (its deploymentIds: ${config.deploymentIds?.join(', ')})`,
      );
    }
    // The token is a credential for the deployment: a key that expires sooner may not mint it.
    assertCredentialWithin(
      principal,
      {
        role: 'admin',
        deploymentIds: [deploymentId],
        expiresAt: new Date(Date.now() + config.lifetimeSeconds * 1000),
      },
      'an OIDC token',
    );
    const minted = await this.minter.mint({
      deploymentId,
      audience: config.audience,
      lifetimeSeconds: config.lifetimeSeconds,
    });
    return { token: minted.token, expiresAt: minted.expiresAt.toISOString() };
  }
}
