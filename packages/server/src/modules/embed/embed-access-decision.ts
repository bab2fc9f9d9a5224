import type { EmbedAccessAction } from '@platform/contract';

/** One rule matching a user: for one of their tenant groups, for their tenant, or for every embed user. */
export interface MatchingEmbedRule {
  tenantId: number | null;
  groupId: number | null;
  action: EmbedAccessAction;
}

/** How specific a rule is: a group's beats its tenant's, which beats every embed user's. */
function specificityOf(rule: MatchingEmbedRule): number {
  if (rule.groupId !== null) return 2;
  return rule.tenantId !== null ? 1 : 0;
}

/**
 * What the rules matching a user decide (API-NOTES.md "Embedding"): the most specific level that has a
 * rule wins; at that level `none` beats `read`; null when no rule matches (refused too).
 */
export function decideEmbedAccess(rules: readonly MatchingEmbedRule[]): EmbedAccessAction | null {
  const top = Math.max(-1, ...rules.map(specificityOf));
  const winning = rules.filter((rule) => specificityOf(rule) === top);
  if (winning.length === 0) return null;
  return winning.some((rule) => rule.action === 'none') ? 'none' : 'read';
}
