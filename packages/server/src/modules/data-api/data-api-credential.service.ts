import type { Action, OperationDefinition } from '@platform/contract';
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

  /**
   * What every data-API operation checks before it runs (403 otherwise): a management credential needs
   * the operation's right; a deployment token needs that right among its own and the operation's scope
   * among the token's (a meta-sync token carries `meta` only).
   */
  requireOperation(
    caller: DataApiCaller,
    operation: Pick<OperationDefinition, 'operationId' | 'action' | 'dataApiScope'>,
  ): void {
    if (caller.kind === 'management') {
      if (operation.action) this.authorization.requireAction(caller.principal, operation.action);
      return;
    }
    if (operation.action && !deploymentTokenActions.has(operation.action)) {
      throw new AppError(
        'FORBIDDEN',
        `a deployment token only queries the data API; ${operation.action} needs an API key`,
      );
    }
    if (caller.kind !== 'deploymentToken' || caller.token.scopes === null) return;
    // An operation that names no scope is not metadata: it takes the broadest one, so it fails closed.
    const scope = operation.dataApiScope ?? 'data';
    if (caller.token.scopes.includes(scope)) return;
    throw new AppError(
      'FORBIDDEN',
      `this deployment token carries the scopes ${caller.token.scopes.join(', ') || '(none)'}; ${operation.operationId} needs the ${scope} scope`,
      { requiredScope: scope, tokenScopes: [...caller.token.scopes] },
    );
  }
}
