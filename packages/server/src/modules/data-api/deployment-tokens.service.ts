import type * as contract from '@platform/contract';
import type { DataApiScope } from '@platform/contract';
import type * as z from 'zod';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import { assertCredentialWithin, strongestRoleGroup } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import type { DeploymentTokenSigner } from './deployment-token.signer.js';

type CreateDeploymentTokenInput = z.output<typeof contract.CreateDeploymentTokenInput>;

/**
 * Deployment tokens for applications that query the data API on behalf of their users. Choosing the
 * security context is choosing which rows a token sees, so it takes the right to manage the deployment.
 */
export class DeploymentTokensService {
  constructor(
    private readonly deployments: DeploymentAccessService,
    private readonly signer: DeploymentTokenSigner,
  ) {}

  /**
   * Every token of a deployment is made here (environments' tokens too, bound to `options.branchName`
   * and limited to `options.scopes`), so one check decides who may mint one.
   */
  async create(
    principal: Principal,
    deploymentId: number,
    input: CreateDeploymentTokenInput,
    options: { branchName?: string; scopes?: readonly DataApiScope[] | null } = {},
  ) {
    const deployment = await this.deployments.load(principal, deploymentId, 'DeploymentManage');
    const groups = input.groups ?? [];
    // Policies read the group named after a role as that role's key: a token carries no stronger one.
    assertCredentialWithin(
      principal,
      {
        role: strongestRoleGroup(groups),
        deploymentIds: [deployment.id],
        expiresAt: new Date(Date.now() + input.expiresIn * 1000),
      },
      'a new deployment token',
    );
    const { token, expiresAt } = await this.signer.sign(
      {
        accountId: deployment.accountId,
        deploymentId: deployment.id,
        securityContext: input.securityContext ?? {},
        groups,
        ...(options.branchName === undefined ? {} : { branchName: options.branchName }),
        scopes: options.scopes ?? null,
      },
      input.expiresIn,
    );
    return { platformApiToken: token, expiresAt: expiresAt.toISOString() };
  }
}
