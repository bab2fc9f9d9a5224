/** A lexical token of an access-policy condition. */
export type ConditionToken =
  | { readonly kind: 'string'; readonly value: string; readonly position: number }
  | { readonly kind: 'number'; readonly value: number; readonly position: number }
  /** A name or a dotted path such as `securityContext.team.id`, or a keyword. */
  | { readonly kind: 'word'; readonly value: string; readonly position: number }
  | { readonly kind: 'symbol'; readonly value: string; readonly position: number };

export class ConditionSyntaxError extends Error {}

/** Longest first, so `<=` is read before `<`. */
const symbols = [
  '===',
  '!==',
  '==',
  '!=',
  '<>',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '=',
  '!',
  '-',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  ',',
];
const wordPattern = /[A-Za-z_$][\w$]*(?:\.[\w$]+)*/y;
const numberPattern = /\d+(?:\.\d+)?/y;

/** Splits a condition into tokens; throws ConditionSyntaxError at the first character it cannot read. */
export function tokenizeCondition(text: string): ConditionToken[] {
  const tokens: ConditionToken[] = [];
  let position = 0;
  while (position < text.length) {
    const character = text.charAt(position);
    if (/\s/.test(character)) {
      position += 1;
      continue;
    }
    if (character === "'" || character === '"') {
      const { value, end } = readString(text, position);
      tokens.push({ kind: 'string', value, position });
      position = end;
      continue;
    }
    const word = matchAt(wordPattern, text, position);
    if (word !== undefined) {
      tokens.push({ kind: 'word', value: word, position });
      position += word.length;
      continue;
    }
    const number = matchAt(numberPattern, text, position);
    if (number !== undefined) {
      tokens.push({ kind: 'number', value: Number(number), position });
      position += number.length;
      continue;
    }
    const symbol = symbols.find((candidate) => text.startsWith(candidate, position));
    if (symbol === undefined)
      throw new ConditionSyntaxError(`unexpected \`${character}\` at character ${position + 1}`);
    tokens.push({ kind: 'symbol', value: symbol, position });
    position += symbol.length;
  }
  return tokens;
}

function matchAt(pattern: RegExp, text: string, position: number): string | undefined {
  pattern.lastIndex = position;
  return pattern.exec(text)?.[0];
}

/** A quoted string; a backslash escapes the next character and a doubled quote stands for one quote. */
function readString(text: string, start: number): { value: string; end: number } {
  const quote = text.charAt(start);
  let value = '';
  let position = start + 1;
  while (position < text.length) {
    const character = text.charAt(position);
    if (character === '\\' && position + 1 < text.length) {
      value += text.charAt(position + 1);
      position += 2;
    } else if (character === quote && text.charAt(position + 1) === quote) {
      value += quote;
      position += 2;
    } else if (character === quote) {
      return { value, end: position + 1 };
    } else {
      value += character;
      position += 1;
    }
  }
  throw new ConditionSyntaxError(`the string starting at character ${start + 1} is not closed`);
}
