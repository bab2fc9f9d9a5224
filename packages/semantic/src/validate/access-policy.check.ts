import { checkPolicyCondition } from '../access/policy-condition.js';
import type { RowFilter } from '../model/access-policy.types.js';
import type { Cube } from '../model/cube.types.js';
import type { View } from '../model/view.types.js';
import { suggestName } from '../parse/suggest-name.js';
import { isOwnMemberName, qualify } from './member-references.js';
import { describeNode, isDeclaredIn, type ValidationContext } from './validation-context.js';

/**
 * Every member an access policy names must be a member of its cube or view, and every `if:` condition must
 * parse: an unreadable condition would otherwise never match, silently denying its groups.
 */
export function checkAccessPolicies(
  owner: Cube | View,
  memberNames: ReadonlySet<string>,
  context: ValidationContext,
): void {
  const unknownMember = (name: string, where: string): string | undefined => {
    if (isOwnMemberName(name, owner.name, memberNames)) return undefined;
    if (context.isRejected(qualify(name, owner.name))) return undefined;
    const suggestion = suggestName(name, [...memberNames]);
    const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
    return `${where} of an access policy of ${describeNode(owner)} names unknown member \`${name}\`${hint}`;
  };
  const checkFilters = (filters: readonly RowFilter[]): void => {
    for (const filter of filters) {
      if (filter.kind !== 'member') {
        checkFilters(filter.filters);
        continue;
      }
      const message = unknownMember(filter.member, 'a row-level filter');
      if (message !== undefined) context.report(filter.location, message, 'member');
    }
  };
  for (const policy of owner.accessPolicies) {
    if (!isDeclaredIn(policy, owner)) continue;
    for (const condition of policy.conditions) {
      const problem = checkPolicyCondition(condition.sql);
      if (problem !== null) {
        context.report(
          condition.location,
          `condition of an access policy of ${describeNode(owner)}: ${problem}`,
          'if',
        );
      }
    }
    for (const key of ['includes', 'excludes'] as const) {
      const names = policy.memberLevel?.[key];
      if (names === undefined || names === '*') continue;
      names.forEach((name, index) => {
        const message = unknownMember(name, `\`member_level.${key}\``);
        if (message !== undefined) context.report(policy.location, message, `member_level.${key}[${index}]`);
      });
    }
    checkFilters(policy.rowLevel?.filters ?? []);
  }
}
