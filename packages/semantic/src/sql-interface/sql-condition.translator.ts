import type { A_Expr, ColumnRef, Node } from 'libpg-query';
import type { QueryFilter } from '../query/semantic-query.types.js';
import { resolveColumn, type SqlTranslationContext } from './sql-column.resolver.js';
import { translateBetween, translateComparison, translateIn } from './sql-comparison.translator.js';
import { comparisonHint, leftOperand, memberFilter } from './sql-condition-operand.js';
import { translateLike } from './sql-like-pattern.js';
import { describeUnsupportedNode, locationOf } from './sql-node.js';

/** Conditions deeper than this are refused before recursion could exhaust the stack. */
const maximumConditionDepth = 64;

export interface ConditionTranslation {
  readonly filters: QueryFilter[];
  readonly segments: string[];
}

const unsupportedExpressionKinds: Readonly<Record<string, readonly [string, string]>> = {
  AEXPR_BETWEEN_SYM: ['BETWEEN SYMMETRIC is not supported', 'write BETWEEN low AND high'],
  AEXPR_NOT_BETWEEN_SYM: ['BETWEEN SYMMETRIC is not supported', 'write BETWEEN low AND high'],
  AEXPR_DISTINCT: ['IS DISTINCT FROM is not supported', 'use =, <>, IS NULL or IS NOT NULL'],
  AEXPR_NOT_DISTINCT: ['IS NOT DISTINCT FROM is not supported', 'use =, <>, IS NULL or IS NOT NULL'],
  AEXPR_OP_ANY: ['ANY (...) is not supported', 'use IN (...)'],
  AEXPR_OP_ALL: ['ALL (...) is not supported', 'use NOT IN (...)'],
  AEXPR_SIMILAR: ['SIMILAR TO is not supported', 'use LIKE'],
  AEXPR_NULLIF: ['NULLIF is not supported', comparisonHint],
};

function translateExpression(
  expression: A_Expr,
  isNegated: boolean,
  context: SqlTranslationContext,
): QueryFilter {
  switch (expression.kind) {
    case 'AEXPR_OP':
      return translateComparison(expression, isNegated, context);
    case 'AEXPR_IN':
      return translateIn(expression, isNegated, context);
    case 'AEXPR_BETWEEN':
    case 'AEXPR_NOT_BETWEEN':
      return translateBetween(expression, isNegated, context);
    case 'AEXPR_LIKE':
    case 'AEXPR_ILIKE': {
      const member = leftOperand(expression, context);
      return translateLike(expression, member, isNegated, context.text);
    }
    default: {
      const [message, hint] = unsupportedExpressionKinds[expression.kind ?? ''] ?? [
        'This condition is not supported',
        comparisonHint,
      ];
      throw context.text.error(expression.location, message, hint);
    }
  }
}

function translateColumnCondition(
  reference: ColumnRef,
  isNegated: boolean,
  context: SqlTranslationContext,
): QueryFilter {
  const member = resolveColumn(reference, context);
  const definition = member.definition;
  if (definition.kind === 'dimension' && definition.type === 'boolean') {
    return memberFilter(member, 'equals', [!isNegated]);
  }
  if (definition.kind === 'segment') {
    throw context.text.error(
      reference.location,
      `The segment "${member.name}" can only be combined with AND`,
      'segments cannot be negated or used in OR',
    );
  }
  throw context.text.error(reference.location, `"${member.name}" is not a condition`, comparisonHint);
}

/** One condition as a filter; NOT is pushed down (operators inverted, De Morgan over AND and OR). */
function translateCondition(
  node: Node,
  isNegated: boolean,
  depth: number,
  context: SqlTranslationContext,
): QueryFilter {
  const { text } = context;
  if (depth > maximumConditionDepth) {
    throw text.error(
      locationOf(node),
      `Conditions are nested more than ${maximumConditionDepth} levels deep`,
      'simplify them',
    );
  }
  if ('BoolExpr' in node) {
    const args = node.BoolExpr.args ?? [];
    const [first] = args;
    if (node.BoolExpr.boolop === 'NOT_EXPR' && first !== undefined) {
      return translateCondition(first, !isNegated, depth + 1, context);
    }
    const isAnd = (node.BoolExpr.boolop === 'AND_EXPR') !== isNegated;
    const children = args.flatMap((arg) => {
      const child = translateCondition(arg, isNegated, depth + 1, context);
      if (isAnd && 'and' in child) return child.and;
      if (!isAnd && 'or' in child) return child.or;
      return [child];
    });
    return isAnd ? { and: children } : { or: children };
  }
  if ('A_Expr' in node) return translateExpression(node.A_Expr, isNegated, context);
  if ('NullTest' in node) {
    const member = leftOperand(node.NullTest, context);
    const isNullTest = node.NullTest.nulltesttype === 'IS_NULL';
    return memberFilter(member, isNullTest !== isNegated ? 'notSet' : 'set', []);
  }
  if ('ColumnRef' in node) return translateColumnCondition(node.ColumnRef, isNegated, context);
  throw text.error(
    locationOf(node),
    `${describeUnsupportedNode(node)} not supported in conditions`,
    comparisonHint,
  );
}

function conjuncts(node: Node): Node[] {
  if ('BoolExpr' in node && node.BoolExpr.boolop === 'AND_EXPR')
    return (node.BoolExpr.args ?? []).flatMap(conjuncts);
  return [node];
}

/** WHERE or HAVING as filters; a segment named on its own among top-level ANDs becomes a query segment. */
export function translateConditions(
  node: Node | undefined,
  context: SqlTranslationContext,
  into: ConditionTranslation,
): void {
  if (node === undefined) return;
  for (const conjunct of conjuncts(node)) {
    if ('ColumnRef' in conjunct) {
      const member = resolveColumn(conjunct.ColumnRef, context);
      if (member.definition.kind === 'segment') {
        if (!into.segments.includes(member.path)) into.segments.push(member.path);
        continue;
      }
    }
    into.filters.push(translateCondition(conjunct, false, 1, context));
  }
}
