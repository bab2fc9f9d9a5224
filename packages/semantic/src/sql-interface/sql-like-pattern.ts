import type { A_Expr, Node } from 'libpg-query';
import type { ResolvedMember } from '../compile/compiled-model.types.js';
import type { FilterOperator } from '../model/access-policy.types.js';
import type { MemberFilter } from '../query/semantic-query.types.js';
import { constantValue, isValueNode } from './sql-constant.js';
import { locationOf, nodeStrings } from './sql-node.js';
import type { SqlSourceText } from './sql-source-text.js';

const patternHint =
  "use 'text', 'text%', '%text' or '%text%'; write \\% and \\_ (or ESCAPE '!' and !%) for a literal % or _";

const negatedOperators: Partial<Record<FilterOperator, FilterOperator>> = {
  equals: 'notEquals',
  contains: 'notContains',
  startsWith: 'notStartsWith',
  endsWith: 'notEndsWith',
  set: 'notSet',
};

/** Stands for `%` in a split pattern; a symbol, so that a literal `%` (written `\%`) is never taken for it. */
const anyText = Symbol('any text');
type PatternPart = string | typeof anyText;

/**
 * A LIKE pattern split into literal text and `%` wildcards. `escapeCharacter` escapes the next character (`\` by
 * default, as in PostgreSQL; `ESCAPE ''` turns escaping off), so an escaped `%` or `_` is literal text.
 * `hasUnderscore` reports an unescaped `_`, which no filter operator expresses.
 */
function splitPattern(
  pattern: string,
  escapeCharacter: string,
): { parts: PatternPart[]; hasUnderscore: boolean; endsWithEscape: boolean } {
  const parts: PatternPart[] = [];
  const characters = [...pattern];
  let literal = '';
  let hasUnderscore = false;
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] ?? '';
    if (escapeCharacter !== '' && character === escapeCharacter) {
      index += 1;
      if (index >= characters.length) return { parts, hasUnderscore, endsWithEscape: true };
      literal += characters[index] ?? '';
    } else if (character === '%') {
      if (literal !== '') parts.push(literal);
      literal = '';
      if (parts[parts.length - 1] !== anyText) parts.push(anyText);
    } else {
      if (character === '_') hasUnderscore = true;
      literal += character;
    }
  }
  if (literal !== '') parts.push(literal);
  return { parts, hasUnderscore, endsWithEscape: false };
}

/** The operator and value a LIKE pattern stands for, or undefined when no operator expresses it. */
function likeOperator(
  parts: readonly PatternPart[],
): { operator: FilterOperator; value?: string } | undefined {
  const shape = parts.map((part) => (part === anyText ? '%' : 'x')).join('');
  const literal = parts.find((part): part is string => part !== anyText) ?? '';
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

/** The pattern and escape character of `x LIKE pattern [ESCAPE character]` (the parser writes ESCAPE as like_escape()). */
function patternAndEscape(
  patternNode: Node | undefined,
  keyword: string,
  location: number | undefined,
  text: SqlSourceText,
): { pattern: string; escapeCharacter: string } {
  let node = patternNode;
  let escapeCharacter = '\\';
  if (node !== undefined && 'FuncCall' in node) {
    const call = node.FuncCall;
    const name = nodeStrings(call.funcname).join('.');
    const [patternArgument, escapeArgument] = call.args ?? [];
    if (
      (name === 'pg_catalog.like_escape' || name === 'like_escape') &&
      call.args?.length === 2 &&
      escapeArgument !== undefined &&
      isValueNode(escapeArgument)
    ) {
      const written = constantValue(escapeArgument, text);
      if (typeof written !== 'string' || [...written].length > 1) {
        throw text.error(
          locationOf(escapeArgument),
          `${keyword} ... ESCAPE takes one character, or '' for none`,
          patternHint,
        );
      }
      escapeCharacter = written;
      node = patternArgument;
    }
  }
  const pattern = node !== undefined && isValueNode(node) ? constantValue(node, text) : undefined;
  if (typeof pattern !== 'string') {
    throw text.error(location, `${keyword} takes a string constant pattern`, patternHint);
  }
  return { pattern, escapeCharacter };
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
  const { pattern, escapeCharacter } = patternAndEscape(patternNode, keyword, expression.location, text);
  const { parts, hasUnderscore, endsWithEscape } = splitPattern(pattern, escapeCharacter);
  const location = patternNode === undefined ? expression.location : locationOf(patternNode);
  if (endsWithEscape) {
    throw text.error(location, `${keyword} pattern '${pattern}' ends with its escape character`, patternHint);
  }
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
