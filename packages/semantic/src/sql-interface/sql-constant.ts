import type { A_Const, A_Expr, Node, TypeCast } from 'libpg-query';
import type { FilterValue } from '../query/semantic-query.types.js';
import { locationOf, nodeStrings } from './sql-node.js';
import type { SqlSourceText } from './sql-source-text.js';

const textTypes = new Set([
  'date',
  'timestamp',
  'timestamptz',
  'time',
  'timetz',
  'text',
  'varchar',
  'bpchar',
]);
const numberTypes = new Set(['int2', 'int4', 'int8', 'numeric', 'float4', 'float8']);
const trueWords = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const falseWords = new Set(['false', 'f', 'no', 'n', 'off', '0']);

function isUnarySign(node: Node): node is { A_Expr: A_Expr } {
  if (!('A_Expr' in node)) return false;
  const expression = node.A_Expr;
  const [operator] = nodeStrings(expression.name);
  return (
    expression.kind === 'AEXPR_OP' && expression.lexpr === undefined && (operator === '-' || operator === '+')
  );
}

/** Whether a node is a value: a literal, a typed literal, a signed number, a parameter or CURRENT_DATE. */
export function isValueNode(node: Node): boolean {
  if ('A_Const' in node || 'ParamRef' in node || 'SQLValueFunction' in node) return true;
  if ('TypeCast' in node) return node.TypeCast.arg !== undefined && isValueNode(node.TypeCast.arg);
  return isUnarySign(node) && node.A_Expr.rexpr !== undefined && isValueNode(node.A_Expr.rexpr);
}

/** A numeric literal as a number; integers beyond double precision stay text so no digit is lost. */
function numberFromText(written: string): FilterValue {
  const cleaned = written.replace(/_/g, '');
  const value = Number(cleaned);
  if (/^[+-]?\d+$/.test(cleaned) && !Number.isSafeInteger(value)) return cleaned;
  return value;
}

function literalValue(constant: A_Const, text: SqlSourceText): FilterValue {
  if (constant.isnull === true) {
    throw text.error(constant.location, 'Comparing with NULL is not supported', 'use IS NULL or IS NOT NULL');
  }
  if (constant.ival !== undefined) return constant.ival.ival ?? 0;
  if (constant.fval !== undefined) return numberFromText(constant.fval.fval ?? '0');
  if (constant.boolval !== undefined) return constant.boolval.boolval ?? false;
  if (constant.sval !== undefined) return constant.sval.sval ?? '';
  throw text.error(constant.location, 'Bit-string constants are not supported');
}

function castValue(cast: TypeCast, text: SqlSourceText): FilterValue {
  const names = nodeStrings(cast.typeName?.names);
  const typeName = names[names.length - 1] ?? '';
  const location = locationOf(cast);
  if ((cast.typeName?.arrayBounds ?? []).length > 0)
    throw text.error(location, 'Array casts are not supported');
  const value = constantValue(cast.arg ?? { A_Const: { isnull: true } }, text);
  if (textTypes.has(typeName)) return String(value);
  if (numberTypes.has(typeName)) {
    const number = typeof value === 'number' ? value : numberFromText(String(value).trim());
    if (typeof number === 'number' && Number.isNaN(number)) {
      throw text.error(location, `"${String(value)}" is not a number`);
    }
    return number;
  }
  if (typeName === 'bool') {
    const word = String(value).trim().toLowerCase();
    if (trueWords.has(word)) return true;
    if (falseWords.has(word)) return false;
    throw text.error(location, `"${String(value)}" is not a boolean`);
  }
  if (typeName === 'interval') {
    throw text.error(
      location,
      'Intervals are not supported',
      "write dates as constants such as '2024-01-01'",
    );
  }
  throw text.error(location, `Casts to ${typeName} are not supported`);
}

/** The value of a constant operand, as the semantic query carries it (date literals stay text). */
export function constantValue(node: Node, text: SqlSourceText): FilterValue {
  if ('A_Const' in node) return literalValue(node.A_Const, text);
  if ('TypeCast' in node) return castValue(node.TypeCast, text);
  if ('ParamRef' in node) {
    throw text.error(
      node.ParamRef.location,
      'Parameters ($1) are not supported',
      'write the value in the query',
    );
  }
  if ('SQLValueFunction' in node) {
    throw text.error(
      node.SQLValueFunction.location,
      'SQL value functions such as CURRENT_DATE are not supported',
      "write dates as constants such as '2024-01-01'",
    );
  }
  if (isUnarySign(node) && node.A_Expr.rexpr !== undefined) {
    const value = constantValue(node.A_Expr.rexpr, text);
    const isMinus = nodeStrings(node.A_Expr.name)[0] === '-';
    if (typeof value === 'number') return isMinus ? -value : value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return isMinus ? `-${value}` : value;
    throw text.error(node.A_Expr.location, 'A sign applies to numbers only');
  }
  throw text.error(locationOf(node), 'Expected a constant');
}
