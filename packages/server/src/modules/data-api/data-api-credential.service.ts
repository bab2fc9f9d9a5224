import type { Action } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import { type CredentialService, parseAuthorizationHeader } from '../identity/credential.service.js';
import type { DataApiCaller } from './data-api-caller.js';
import { type DeploymentTokenSigner, isDeploymentTokenShaped } from './deployment-token.signer.js';

/** All a deployment token may do: query its deployment's data API. */
const deploymentTokenActions: ReadonlySet<Action> = new Set(['DataQuery']);

/**
 * The data API's credentials: `Authorization: <token>`, `Bearer <token>` or `Api-Key <key>`, where the
 * value is a deployment token or an API key of the management API. Which deployment a token may reach
 * is checked with the resource (DataApiAccessService), like a key scoped to some deployments.
 */
export class DataApiCredentialService {
  constructor(
    private readonly credentials: CredentialService,
    private readonly authorization: AuthorizationService,
    private readonly tokens: DeploymentTokenSigner,
  ) {}

  async authenticate(authorization: string | undefined): Promise<DataApiCaller> {
    const credential = parseAuthorizationHeader(authorization);
    if (isDeploymentTokenShaped(credential)) {
      return { kind: 'deploymentToken', token: await this.tokens.verify(credential) };
    }
    return { kind: 'management', principal: await this.credentials.authenticate(authorization) };
  }

  requireAction(caller: DataApiCaller, action: Action): void {
    if (caller.kind === 'management') {
      this.authorization.requireAction(caller.principal, action);
      return;
    }
    if (!deploymentTokenActions.has(action)) {
      throw new AppError(
        'FORBIDDEN',
        `a deployment token only queries the data API; ${action} needs an API key`,
      );
    }
  }
}
