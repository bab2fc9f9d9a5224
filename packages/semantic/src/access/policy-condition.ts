import type { AccessCaller } from './access-scope.types.js';
import { lookupCallerValue } from './caller-value.js';
import { ConditionSyntaxError } from './condition-tokens.js';
import { type ConditionNode, parsePolicyCondition } from './policy-condition.parser.js';

/** SQL's three-valued logic: `null` is "unknown", which a condition treats as not holding. */
type Truth = boolean | null;

/**
 * Why an access-policy condition (`if:`) cannot be read, or null when it can; the model validator may
 * call it to report bad conditions at build time instead of letting the policy never match.
 */
export function checkPolicyCondition(sql: string): string | null {
  try {
    parsePolicyCondition(sql);
    return null;
  } catch (error) {
    if (error instanceof ConditionSyntaxError)
      return `cannot read the condition \`${sql}\`: ${error.message}`;
    throw error;
  }
}

/** Whether a condition holds for the caller: only a definite true does; unreadable conditions never hold. */
export function evaluatePolicyCondition(sql: string, caller: AccessCaller): boolean {
  let node: ConditionNode;
  try {
    node = parsePolicyCondition(sql);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return false;
    throw error;
  }
  return truthOf(node, caller) === true;
}

function truthOf(node: ConditionNode, caller: AccessCaller): Truth {
  switch (node.kind) {
    case 'not': {
      const operand = truthOf(node.operand, caller);
      return operand === null ? null : !operand;
    }
    case 'logical':
      return logical(node.operator, truthOf(node.left, caller), () => truthOf(node.right, caller));
    case 'compare':
      return compare(node, caller);
    case 'in':
      return membership(node, caller);
    case 'isNull': {
      const isMissing = valueAt(node.operand, caller) === undefined;
      return node.isNegated ? !isMissing : isMissing;
    }
    default:
      return truthiness(valueAt(node, caller));
  }
}

function logical(operator: 'and' | 'or', left: Truth, right: () => Truth): Truth {
  const decisive = operator === 'or';
  if (left === decisive) return decisive;
  const second = right();
  if (second === decisive) return decisive;
  return left === null || second === null ? null : !decisive;
}

/** A value, with a missing reference and `null` both as undefined. */
function valueAt(node: ConditionNode, caller: AccessCaller): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value ?? undefined;
    case 'reference':
      return lookupCallerValue(caller, node.root, node.path) ?? undefined;
    case 'list':
      return node.items.map((item) => valueAt(item, caller));
    default:
      return truthOf(node, caller) ?? undefined;
  }
}

function truthiness(value: unknown): Truth {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function compare(node: ConditionNode & { kind: 'compare' }, caller: AccessCaller): Truth {
  const left = valueAt(node.left, caller);
  const right = valueAt(node.right, caller);
  const isNullLiteral = (side: ConditionNode) => side.kind === 'literal' && side.value === null;
  // `x == null` asks whether x is missing, as in JavaScript; any other comparison with a missing value is unknown.
  if (
    (node.operator === '==' || node.operator === '!=') &&
    (isNullLiteral(node.left) || isNullLiteral(node.right))
  ) {
    const isMissing = left === undefined || right === undefined;
    return node.operator === '==' ? isMissing : !isMissing;
  }
  if (left === undefined || right === undefined) return null;
  if (node.operator === '==') return isEqual(left, right);
  if (node.operator === '!=') return !isEqual(left, right);
  const order = ordering(left, right);
  if (order === null) return null;
  switch (node.operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

function membership(node: ConditionNode & { kind: 'in' }, caller: AccessCaller): Truth {
  const value = valueAt(node.left, caller);
  const list = valueAt(node.right, caller);
  if (value === undefined || list === undefined) return null;
  const candidates = Array.isArray(list) ? list : [list];
  const isMember = candidates.some((candidate) => candidate !== undefined && isEqual(value, candidate));
  return node.isNegated ? !isMember : isMember;
}

/** Strict equality, except that numeric text equals its number and `'true'`/`'false'` equal the booleans. */
function isEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  const leftNumber = asNumber(left);
  const rightNumber = asNumber(right);
  if (typeof left !== typeof right && leftNumber !== undefined && rightNumber !== undefined) {
    return leftNumber === rightNumber;
  }
  if (typeof left === 'boolean' && typeof right === 'string') return String(left) === right.toLowerCase();
  if (typeof right === 'boolean' && typeof left === 'string') return String(right) === left.toLowerCase();
  return false;
}

function ordering(left: unknown, right: unknown): number | null {
  const leftNumber = asNumber(left);
  const rightNumber = asNumber(right);
  if (
    leftNumber !== undefined &&
    rightNumber !== undefined &&
    (typeof left === 'number' || typeof right === 'number')
  ) {
    return leftNumber - rightNumber;
  }
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return null;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
