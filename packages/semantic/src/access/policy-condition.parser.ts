import { referenceRoot } from './caller-value.js';
import { ConditionSyntaxError, type ConditionToken, tokenizeCondition } from './condition-tokens.js';

export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** The syntax tree of an access-policy condition. */
export type ConditionNode =
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | {
      readonly kind: 'reference';
      readonly root: 'securityContext' | 'userAttributes';
      readonly path: readonly string[];
    }
  | { readonly kind: 'list'; readonly items: readonly ConditionNode[] }
  | { readonly kind: 'not'; readonly operand: ConditionNode }
  | {
      readonly kind: 'logical';
      readonly operator: 'and' | 'or';
      readonly left: ConditionNode;
      readonly right: ConditionNode;
    }
  | {
      readonly kind: 'compare';
      readonly operator: ComparisonOperator;
      readonly left: ConditionNode;
      readonly right: ConditionNode;
    }
  | {
      readonly kind: 'in';
      readonly isNegated: boolean;
      readonly left: ConditionNode;
      readonly right: ConditionNode;
    }
  | { readonly kind: 'isNull'; readonly isNegated: boolean; readonly operand: ConditionNode };

const comparisonOperators: Readonly<Record<string, ComparisonOperator>> = {
  '==': '==',
  '===': '==',
  '=': '==',
  '!=': '!=',
  '!==': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};
const keywords = new Set(['and', 'or', 'not', 'in', 'is', 'true', 'false', 'null']);
/** Deeper nesting than any hand-written condition needs; it keeps hostile input from exhausting the stack. */
const maximumDepth = 64;

/** Parses a condition such as `{ securityContext.region } in ('EU', 'UK') and not { userAttributes.is_contractor }`. */
export function parsePolicyCondition(text: string): ConditionNode {
  const parser = new ConditionParser(tokenizeCondition(text));
  if (parser.isAtEnd()) throw new ConditionSyntaxError('the condition is empty');
  const node = parser.expression(0);
  parser.expectEnd();
  return node;
}

class ConditionParser {
  private index = 0;

  constructor(private readonly tokens: readonly ConditionToken[]) {}

  isAtEnd(): boolean {
    return this.index >= this.tokens.length;
  }

  expectEnd(): void {
    const token = this.tokens[this.index];
    if (token !== undefined) throw this.unexpected(token);
  }

  expression(depth: number): ConditionNode {
    if (depth > maximumDepth) throw new ConditionSyntaxError('the condition is nested too deeply');
    let left = this.conjunction(depth);
    while (this.acceptWord('or') || this.acceptSymbol('||')) {
      left = { kind: 'logical', operator: 'or', left, right: this.conjunction(depth) };
    }
    return left;
  }

  private conjunction(depth: number): ConditionNode {
    let left = this.negation(depth);
    while (this.acceptWord('and') || this.acceptSymbol('&&')) {
      left = { kind: 'logical', operator: 'and', left, right: this.negation(depth) };
    }
    return left;
  }

  private negation(depth: number): ConditionNode {
    if (this.acceptWord('not') || this.acceptSymbol('!')) {
      if (depth > maximumDepth) throw new ConditionSyntaxError('the condition is nested too deeply');
      return { kind: 'not', operand: this.negation(depth + 1) };
    }
    return this.comparison(depth);
  }

  private comparison(depth: number): ConditionNode {
    const left = this.primary(depth);
    const token = this.tokens[this.index];
    const operator = token?.kind === 'symbol' ? comparisonOperators[token.value] : undefined;
    if (operator !== undefined) {
      this.index += 1;
      return { kind: 'compare', operator, left, right: this.primary(depth) };
    }
    if (this.acceptWord('is')) {
      const isNegated = this.acceptWord('not');
      if (!this.acceptWord('null')) throw this.unexpected(this.tokens[this.index], '`null`');
      return { kind: 'isNull', isNegated, operand: left };
    }
    const isNegated = this.acceptWord('not');
    if (this.acceptWord('in')) return { kind: 'in', isNegated, left, right: this.listOrValue(depth) };
    if (isNegated) throw this.unexpected(this.tokens[this.index], '`in`');
    return left;
  }

  /** The right side of `in`: `('a', 'b')`, `['a', 'b']` or a reference to an array. */
  private listOrValue(depth: number): ConditionNode {
    if (this.acceptSymbol('(')) return { kind: 'list', items: this.items(')', depth) };
    return this.primary(depth);
  }

  private items(closing: string, depth: number): ConditionNode[] {
    const items: ConditionNode[] = [];
    if (this.acceptSymbol(closing)) return items;
    do {
      items.push(this.expression(depth + 1));
    } while (this.acceptSymbol(','));
    this.expectSymbol(closing);
    return items;
  }

  private primary(depth: number): ConditionNode {
    const token = this.tokens[this.index];
    if (token === undefined) throw this.unexpected(token, 'a value');
    this.index += 1;
    if (token.kind === 'string' || token.kind === 'number') return { kind: 'literal', value: token.value };
    if (token.kind === 'word') return this.word(token);
    if (token.value === '-') {
      const number = this.tokens[this.index];
      if (number?.kind !== 'number') throw this.unexpected(number, 'a number');
      this.index += 1;
      return { kind: 'literal', value: -number.value };
    }
    const closing = { '(': ')', '{': '}' }[token.value];
    if (closing !== undefined) {
      const inner = this.expression(depth + 1);
      this.expectSymbol(closing);
      return inner;
    }
    if (token.value === '[') return { kind: 'list', items: this.items(']', depth) };
    throw this.unexpected(token, 'a value');
  }

  private word(token: ConditionToken & { kind: 'word' }): ConditionNode {
    const lower = token.value.toLowerCase();
    if (lower === 'true' || lower === 'false') return { kind: 'literal', value: lower === 'true' };
    if (lower === 'null') return { kind: 'literal', value: null };
    if (keywords.has(lower)) throw this.unexpected(token, 'a value');
    const [first = '', ...path] = token.value.split('.');
    const root = referenceRoot(first);
    if (root === undefined || path.length === 0) {
      throw new ConditionSyntaxError(
        `unknown name \`${token.value}\` at character ${token.position + 1}; a condition reads securityContext.<name> or userAttributes.<name>`,
      );
    }
    return { kind: 'reference', root, path };
  }

  private acceptWord(word: string): boolean {
    const token = this.tokens[this.index];
    if (token?.kind !== 'word' || token.value.toLowerCase() !== word) return false;
    this.index += 1;
    return true;
  }

  private acceptSymbol(symbol: string): boolean {
    const token = this.tokens[this.index];
    if (token?.kind !== 'symbol' || token.value !== symbol) return false;
    this.index += 1;
    return true;
  }

  private expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw this.unexpected(this.tokens[this.index], `\`${symbol}\``);
  }

  private unexpected(token: ConditionToken | undefined, expected?: string): ConditionSyntaxError {
    const wanted = expected === undefined ? '' : `; expected ${expected}`;
    if (token === undefined) return new ConditionSyntaxError(`the condition ends too early${wanted}`);
    const text = token.kind === 'string' ? `'${token.value}'` : String(token.value);
    return new ConditionSyntaxError(`unexpected \`${text}\` at character ${token.position + 1}${wanted}`);
  }
}
