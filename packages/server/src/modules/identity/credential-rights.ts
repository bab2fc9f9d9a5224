import { isRoleAtMost, type Role, roles } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { Principal } from './principal.js';

/**
 * What a credential can do: the strongest role it acts with, the deployments it reaches (null: every
 * deployment of the account) and, for a credential being minted, until when (null: it never expires).
 * Every credential the platform mints or removes is described this way.
 */
export interface CredentialRights {
  role: Role;
  deploymentIds: readonly number[] | null;
  /**
   * When the credential stops working (null: never). Given when a credential is minted; left out when one
   * is removed or a user's role changes, which lengthens no credential's life.
   */
  expiresAt?: Date | null;
}

/** The rights the caller's own credential carries. */
export function rightsOf(principal: Principal): CredentialRights {
  return {
    role: principal.role,
    deploymentIds: principal.credential.deploymentIds,
    expiresAt: principal.credential.expiresAt,
  };
}

/** True when `requested` lives no longer than `ceiling`: a credential that expires cannot make one that outlives it. */
function isLifetimeWithin(requested: CredentialRights, ceiling: CredentialRights): boolean {
  if (requested.expiresAt === undefined || !ceiling.expiresAt) return true;
  return requested.expiresAt !== null && requested.expiresAt.getTime() <= ceiling.expiresAt.getTime();
}

/**
 * True when `requested` grants nothing `ceiling` lacks: a role at or below, no deployment outside, and
 * (for a minted credential) no life beyond.
 */
export function isCredentialWithin(requested: CredentialRights, ceiling: CredentialRights): boolean {
  if (!isRoleAtMost(requested.role, ceiling.role)) return false;
  if (!isLifetimeWithin(requested, ceiling)) return false;
  const scope = ceiling.deploymentIds;
  if (scope === null) return true;
  return requested.deploymentIds?.every((id) => scope.includes(id)) ?? false;
}

function describeRights(rights: CredentialRights): string {
  const deployments =
    rights.deploymentIds === null ? 'every deployment' : `deployments ${rights.deploymentIds.join(', ')}`;
  const lifetime =
    rights.expiresAt === undefined
      ? ''
      : rights.expiresAt === null
        ? ', never expiring'
        : `, until ${rights.expiresAt.toISOString()}`;
  return `role ${rights.role} on ${deployments}${lifetime}`;
}

/**
 * The one rule for every credential a caller mints, changes or removes (API keys, agent keys, deployment
 * tokens, chat-auth secrets, webhook secrets): it may not exceed the caller's own credential, or a key
 * limited to `viewer` could make (or delete) an unlimited one and act with its user's full rights, and a
 * key that expires could make one that does not and keep its rights for ever.
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
    isLifetimeWithin(requested, ceiling)
      ? `${what}: ${describeRights(requested)} is more than this credential's ${describeRights(ceiling)}`
      : lifetimeRefusal(requested, ceiling, what),
    {
      requested: { ...requested, expiresAt: requested.expiresAt?.toISOString() ?? requested.expiresAt },
      credential: { ...ceiling, expiresAt: ceiling.expiresAt?.toISOString() ?? null },
    },
  );
}

function lifetimeRefusal(requested: CredentialRights, ceiling: CredentialRights, what: string): string {
  const until = ceiling.expiresAt?.toISOString();
  if (!requested.expiresAt) {
    return `${what} never expires, so it would outlive this credential, which expires at ${until}; make it with a credential that does not expire`;
  }
  return `${what} would expire at ${requested.expiresAt.toISOString()}, after this credential (${until}): ask for an expiry at or before ${until}`;
}

/**
 * The strongest role named in a list of access-policy groups: policies see an API key as the group named
 * after its role, so a token carrying the group `admin` is read like an admin's key. Viewer at least,
 * since any data-API credential can query.
 */
export function strongestRoleGroup(groups: readonly string[]): Role {
  return [...roles].find((role) => groups.includes(role)) ?? 'viewer';
}
