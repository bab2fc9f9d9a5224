import type { AccessPolicy } from '../model/access-policy.types.js';
import type { AccessCaller } from './access-scope.types.js';
import { evaluatePolicyCondition } from './policy-condition.js';

/** The policies that apply to the caller: a group of theirs (or `*`) is named and every condition holds. */
export function matchingPolicies(policies: readonly AccessPolicy[], caller: AccessCaller): AccessPolicy[] {
  return policies.filter(
    (policy) =>
      policy.groups.some((group) => group === '*' || caller.groups.includes(group)) &&
      policy.conditions.every((condition) => evaluatePolicyCondition(condition.sql, caller)),
  );
}

/**
 * Whether any of the matching policies lets the caller see a member: a policy without `member_level` allows
 * every member; otherwise `includes` must be `*` or name it and `excludes` must not.
 */
export function isMemberAllowed(
  policies: readonly AccessPolicy[],
  memberName: string,
  ownerName: string,
): boolean {
  const names = (list: '*' | readonly string[]) =>
    list === '*' || list.some((name) => name === memberName || name === `${ownerName}.${memberName}`);
  return policies.some((policy) => {
    const memberLevel = policy.memberLevel;
    if (memberLevel === undefined) return true;
    return names(memberLevel.includes) && !names(memberLevel.excludes);
  });
}
