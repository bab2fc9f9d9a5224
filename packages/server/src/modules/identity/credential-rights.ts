import { isRoleAtMost, type Role, roles } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { Principal } from './principal.js';

/**
 * What a credential can do: the strongest role it acts with and the deployments it reaches (null: every
 * deployment of the account). Every credential the platform mints or removes is described this way.
 */
export interface CredentialRights {
  role: Role;
  deploymentIds: readonly number[] | null;
}

/** The rights the caller's own credential carries. */
export function rightsOf(principal: Principal): CredentialRights {
  return { role: principal.role, deploymentIds: principal.credential.deploymentIds };
}

/** True when `requested` grants nothing `ceiling` lacks: a role at or below, and no deployment outside. */
export function isCredentialWithin(requested: CredentialRights, ceiling: CredentialRights): boolean {
  if (!isRoleAtMost(requested.role, ceiling.role)) return false;
  const scope = ceiling.deploymentIds;
  if (scope === null) return true;
  return requested.deploymentIds?.every((id) => scope.includes(id)) ?? false;
}

function describeRights(rights: CredentialRights): string {
  const deployments =
    rights.deploymentIds === null ? 'every deployment' : `deployments ${rights.deploymentIds.join(', ')}`;
  return `role ${rights.role} on ${deployments}`;
}

/**
 * The one rule for every credential a caller mints, changes or removes (API keys, agent keys, deployment
 * tokens, chat-auth secrets, webhook secrets): it may not exceed the caller's own credential, or a key
 * limited to `viewer` could make (or delete) an unlimited one and act with its user's full rights.
 */
export function assertCredentialWithin(
  principal: Principal,
  requested: CredentialRights,
  what: string,
): void {
  const ceiling = rightsOf(principal);
  if (isCredentialWithin(requested, ceiling)) return;
  throw new AppError(
    'FORBIDDEN',
    `${what}: ${describeRights(requested)} is more than this credential's ${describeRights(ceiling)}`,
    { requested: { ...requested }, credential: { ...ceiling } },
  );
}

/**
 * The strongest role named in a list of access-policy groups: policies see an API key as the group named
 * after its role, so a token carrying the group `admin` is read like an admin's key. Viewer at least,
 * since any data-API credential can query.
 */
export function strongestRoleGroup(groups: readonly string[]): Role {
  return [...roles].find((role) => groups.includes(role)) ?? 'viewer';
}
