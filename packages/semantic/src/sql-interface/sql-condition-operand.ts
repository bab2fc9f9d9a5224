import type { Node } from 'libpg-query';
import type { ResolvedMember } from '../compile/compiled-model.types.js';
import type { FilterOperator } from '../model/access-policy.types.js';
import type { FilterValue, MemberFilter } from '../query/semantic-query.types.js';
import { resolveColumn, type SqlTranslationContext } from './sql-column.resolver.js';
import { constantValue, isValueNode } from './sql-constant.js';
import { describeUnsupportedNode, locationOf } from './sql-node.js';
import { resolveTerm } from './sql-term.resolver.js';

export const comparisonHint = 'compare a member with a constant using =, <>, <, <=, > or >=';

export function isTimeDimension(member: ResolvedMember): boolean {
  return member.definition.kind === 'dimension' && member.definition.type === 'time';
}

/** The member a condition is about: a dimension, or a measure written as MEASURE(m) or its aggregate. */
export function conditionMember(node: Node, context: SqlTranslationContext): ResolvedMember {
  if ('ColumnRef' in node) {
    const member = resolveColumn(node.ColumnRef, context);
    if (member.definition.kind === 'segment') {
      throw context.text.error(
        node.ColumnRef.location,
        `"${member.name}" is a segment`,
        'write it on its own in WHERE, combined with AND',
      );
    }
    if (member.definition.kind === 'dimension') return member;
  }
  if (!('FuncCall' in node) && !('ColumnRef' in node)) {
    throw context.text.error(
      locationOf(node),
      `${describeUnsupportedNode(node)} not supported`,
      comparisonHint,
    );
  }
  const term = resolveTerm(node, context);
  if (term.kind === 'timeDimension') {
    throw context.text.error(
      locationOf(node),
      'DATE_TRUNC() is not supported in conditions',
      `compare the time dimension ${term.member.name} itself`,
    );
  }
  return term.member;
}

/** The member operand of IN, BETWEEN, LIKE and IS NULL (the parser always fills it). */
export function leftOperand(
  expression: { readonly lexpr?: Node; readonly arg?: Node; readonly location?: number },
  context: SqlTranslationContext,
): ResolvedMember {
  const operand = expression.lexpr ?? expression.arg;
  if (operand === undefined) throw context.text.error(expression.location, 'This condition is not supported');
  return conditionMember(operand, context);
}

/** Constant operands as filter values; a time dimension takes dates, written as text. */
export function conditionValues(
  member: ResolvedMember,
  nodes: readonly Node[],
  context: SqlTranslationContext,
): FilterValue[] {
  return nodes.map((node): FilterValue => {
    if (!isValueNode(node)) {
      throw context.text.error(
        locationOf(node),
        `${describeUnsupportedNode(node)} not supported as values`,
        comparisonHint,
      );
    }
    const value = constantValue(node, context.text);
    if (isTimeDimension(member) && typeof value !== 'string') {
      throw context.text.error(
        locationOf(node),
        `The time dimension ${member.name} compares with dates`,
        "write a date such as '2024-01-01'",
      );
    }
    return value;
  });
}

export function memberFilter(
  member: ResolvedMember,
  operator: FilterOperator,
  values: FilterValue[],
): MemberFilter {
  return { member: member.path, operator, values };
}
