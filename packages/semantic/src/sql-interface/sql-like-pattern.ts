import type { A_Expr } from 'libpg-query';
import type { ResolvedMember } from '../compile/compiled-model.types.js';
import type { FilterOperator } from '../model/access-policy.types.js';
import type { MemberFilter } from '../query/semantic-query.types.js';
import { constantValue, isValueNode } from './sql-constant.js';
import { locationOf, nodeStrings } from './sql-node.js';
import type { SqlSourceText } from './sql-source-text.js';

const patternHint = "use 'text', 'text%', '%text' or '%text%'";

const negatedOperators: Partial<Record<FilterOperator, FilterOperator>> = {
  equals: 'notEquals',
  contains: 'notContains',
  startsWith: 'notStartsWith',
  endsWith: 'notEndsWith',
  set: 'notSet',
};

/** A LIKE pattern split into literal text and `%` wildcards; `\` escapes the next character. */
function splitPattern(pattern: string): { parts: (string | '%')[]; hasUnderscore: boolean } {
  const parts: (string | '%')[] = [];
  let literal = '';
  let hasUnderscore = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] ?? '';
    if (character === '\\' && index + 1 < pattern.length) {
      index += 1;
      literal += pattern[index] ?? '';
    } else if (character === '%') {
      if (literal !== '') parts.push(literal);
      literal = '';
      if (parts[parts.length - 1] !== '%') parts.push('%');
    } else {
      if (character === '_') hasUnderscore = true;
      literal += character;
    }
  }
  if (literal !== '') parts.push(literal);
  return { parts, hasUnderscore };
}

/** The operator and value a LIKE pattern stands for, or undefined when no operator expresses it. */
function likeOperator(
  parts: readonly (string | '%')[],
): { operator: FilterOperator; value?: string } | undefined {
  const shape = parts.map((part) => (part === '%' ? '%' : 'x')).join('');
  const literal = parts.find((part) => part !== '%') ?? '';
  switch (shape) {
    case '':
    case 'x':
      return { operator: 'equals', value: literal };
    case '%':
      return { operator: 'set' };
    case '%x%':
      return { operator: 'contains', value: literal };
    case 'x%':
      return { operator: 'startsWith', value: literal };
    case '%x':
      return { operator: 'endsWith', value: literal };
    default:
      return undefined;
  }
}

/** `LIKE`, `ILIKE` and their negations over a member, as equals, contains, startsWith or endsWith. */
export function translateLike(
  expression: A_Expr,
  member: ResolvedMember,
  isNegated: boolean,
  text: SqlSourceText,
): MemberFilter {
  const operatorName = nodeStrings(expression.name)[0] ?? '';
  const keyword = `${operatorName.startsWith('!') ? 'NOT ' : ''}${expression.kind === 'AEXPR_ILIKE' ? 'ILIKE' : 'LIKE'}`;
  const patternNode = expression.rexpr;
  const pattern =
    patternNode !== undefined && isValueNode(patternNode) ? constantValue(patternNode, text) : undefined;
  if (typeof pattern !== 'string') {
    throw text.error(expression.location, `${keyword} takes a string constant pattern`, patternHint);
  }
  const { parts, hasUnderscore } = splitPattern(pattern);
  const location = patternNode === undefined ? expression.location : locationOf(patternNode);
  if (hasUnderscore) {
    throw text.error(location, `The _ wildcard is not supported in ${keyword} patterns`, patternHint);
  }
  const mapped = likeOperator(parts);
  if (mapped === undefined) {
    throw text.error(location, `${keyword} pattern '${pattern}' is not supported`, patternHint);
  }
  const isExcluding = operatorName.startsWith('!') !== isNegated;
  const operator = isExcluding ? (negatedOperators[mapped.operator] ?? mapped.operator) : mapped.operator;
  return { member: member.path, operator, values: mapped.value === undefined ? [] : [mapped.value] };
}
