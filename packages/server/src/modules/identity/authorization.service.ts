import { type Action, actionsOfRole } from '@platform/contract';
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.js';
import type { Principal } from './principal.js';

/** What an action is performed on. Account-owned resources carry their account for the ownership check. */
export type ResourceReference =
  | { type: 'account'; accountId: number }
  | { type: 'deployment'; id: number; accountId: number }
  | { type: 'user'; id: number; accountId: number }
  | { type: 'api-key'; id: number; accountId: number };

const readActions: ReadonlySet<Action> = new Set(['DeploymentRead', 'SchemaRead', 'DataQuery']);

function describe(resource: ResourceReference | undefined): string {
  if (!resource) return 'account';
  return 'id' in resource ? `${resource.type} ${resource.id}` : `${resource.type} ${resource.accountId}`;
}

/**
 * The one place rights are decided. Every operation calls it (the HTTP layer with the operation's
 * declared action, services again with the concrete resource). Denials and every non-read decision are
 * written to the audit log.
 */
export class AuthorizationService {
  constructor(private readonly auditLogger: Logger) {}

  can(principal: Principal, action: Action): boolean {
    if (principal.withheldActions?.has(action)) return false;
    return actionsOfRole[principal.role].includes(action) || principal.grantedActions.has(action);
  }

  /** The early, account-level check the HTTP layer makes with the operation's declared action. */
  requireAction(principal: Principal, action: Action): void {
    if (this.can(principal, action)) return;
    this.audit(principal, action, undefined, 'denied', `role ${principal.role}`);
    throw new AppError('FORBIDDEN', `the ${principal.role} role lacks the right ${action}`);
  }

  authorize(principal: Principal, action: Action, resource?: ResourceReference): void {
    if (resource && resource.accountId !== principal.accountId) {
      // Another account's resource is reported as missing so that ids do not leak across accounts.
      this.audit(principal, action, resource, 'denied', 'other account');
      throw new AppError('NOT_FOUND', `${describe(resource)} not found`);
    }
    if (!this.can(principal, action)) {
      this.audit(principal, action, resource, 'denied', `role ${principal.role}`);
      throw new AppError('FORBIDDEN', `the ${principal.role} role lacks the right ${action}`);
    }
    const scope = principal.credential.deploymentIds;
    if (resource?.type === 'deployment' && scope !== null && !scope.includes(resource.id)) {
      this.audit(principal, action, resource, 'denied', 'key scoped to other deployments');
      throw new AppError('FORBIDDEN', `this API key is not allowed to use deployment ${resource.id}`);
    }
    if (!readActions.has(action)) this.audit(principal, action, resource, 'allowed');
  }

  private audit(
    principal: Principal,
    action: Action,
    resource: ResourceReference | undefined,
    decision: 'allowed' | 'denied',
    reason?: string,
  ): void {
    this.auditLogger.info(
      {
        audit: true,
        decision,
        action,
        resource: describe(resource),
        accountId: principal.accountId,
        userId: principal.userId,
        // A delivery (a notification rendered for the user) holds no key of theirs.
        ...(principal.credential.type === 'api-key'
          ? { apiKeyId: principal.credential.id }
          : { credential: principal.credential.type }),
        ...(reason ? { reason } : {}),
      },
      `authorization ${decision}: ${action} on ${describe(resource)}`,
    );
  }
}
