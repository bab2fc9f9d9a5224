import type { A_Expr, Node } from 'libpg-query';
import type { FilterOperator } from '../model/access-policy.types.js';
import type { QueryFilter } from '../query/semantic-query.types.js';
import type { SqlTranslationContext } from './sql-column.resolver.js';
import {
  comparisonHint,
  conditionMember,
  conditionValues,
  isTimeDimension,
  leftOperand,
  memberFilter,
} from './sql-condition-operand.js';
import { isValueNode } from './sql-constant.js';
import { nodeStrings } from './sql-node.js';

const comparisonOperators: Readonly<Record<string, FilterOperator>> = {
  '=': 'equals',
  '<>': 'notEquals',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
};
const flipped: Readonly<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
const negated: Readonly<Record<string, string>> = {
  '=': '<>',
  '<>': '=',
  '<': '>=',
  '<=': '>',
  '>': '<=',
  '>=': '<',
};
const dateOperators: Partial<Record<FilterOperator, FilterOperator>> = {
  lt: 'beforeDate',
  lte: 'beforeOrOnDate',
  gt: 'afterDate',
  gte: 'afterOrOnDate',
};
/** `member <op> constant` or `constant <op> member` (flipped); NOT inverts the operator. */
export function translateComparison(
  expression: A_Expr,
  isNegated: boolean,
  context: SqlTranslationContext,
): QueryFilter {
  const { text } = context;
  const operatorName = nodeStrings(expression.name).join('.');
  const { lexpr: left, rexpr: right } = expression;
  if (comparisonOperators[operatorName] === undefined || left === undefined || right === undefined) {
    throw text.error(
      expression.location,
      `Operator ${operatorName} is not supported in conditions`,
      comparisonHint,
    );
  }
  const isValueLeft = isValueNode(left);
  if (isValueLeft === isValueNode(right)) {
    if (!isValueLeft) {
      conditionMember(left, context);
      conditionMember(right, context);
    }
    throw text.error(expression.location, 'Conditions compare one member with one constant', comparisonHint);
  }
  const [memberNode, valueNode] = isValueLeft ? [right, left] : [left, right];
  const written = isValueLeft ? (flipped[operatorName] ?? operatorName) : operatorName;
  const effective = isNegated ? (negated[written] ?? written) : written;
  const member = conditionMember(memberNode, context);
  const values = conditionValues(member, [valueNode], context);
  const operator = comparisonOperators[effective] ?? 'equals';
  return memberFilter(
    member,
    isTimeDimension(member) ? (dateOperators[operator] ?? operator) : operator,
    values,
  );
}

function listItems(node: Node | undefined, expression: A_Expr, what: string, context: SqlTranslationContext) {
  if (node === undefined || !('List' in node)) {
    throw context.text.error(expression.location, `${what} takes a list of constants`);
  }
  return node.List.items ?? [];
}

/** `IN (...)` and `NOT IN (...)`. */
export function translateIn(
  expression: A_Expr,
  isNegated: boolean,
  context: SqlTranslationContext,
): QueryFilter {
  const member = leftOperand(expression, context);
  const values = conditionValues(member, listItems(expression.rexpr, expression, 'IN', context), context);
  const isNotIn = nodeStrings(expression.name)[0] === '<>';
  return memberFilter(member, isNotIn !== isNegated ? 'notIn' : 'in', values);
}

/** BETWEEN: a date range on a time dimension, else gte and lte (negated: lt or gt). */
export function translateBetween(
  expression: A_Expr,
  isNegated: boolean,
  context: SqlTranslationContext,
): QueryFilter {
  const member = leftOperand(expression, context);
  const bounds = conditionValues(
    member,
    listItems(expression.rexpr, expression, 'BETWEEN', context),
    context,
  );
  const [low, high] = bounds;
  if (low === undefined || high === undefined || bounds.length !== 2) {
    throw context.text.error(expression.location, 'BETWEEN takes two constants');
  }
  const isExcluding = (expression.kind === 'AEXPR_NOT_BETWEEN') !== isNegated;
  if (isTimeDimension(member)) {
    return memberFilter(member, isExcluding ? 'notInDateRange' : 'inDateRange', [low, high]);
  }
  return isExcluding
    ? { or: [memberFilter(member, 'lt', [low]), memberFilter(member, 'gt', [high])] }
    : { and: [memberFilter(member, 'gte', [low]), memberFilter(member, 'lte', [high])] };
}
