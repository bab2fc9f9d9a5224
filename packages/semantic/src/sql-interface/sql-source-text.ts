import { SemanticQueryError } from '../query/semantic-query-error.js';
import { type SqlToken, scanSqlTokens } from './sql-lexer.js';

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * The SQL text as written, for error positions: the parse tree counts UTF-8 bytes, Postgres's error
 * cursor counts characters, and people read lines and columns.
 */
export class SqlSourceText {
  readonly text: string;
  private readonly isAscii: boolean;

  constructor(text: string) {
    this.text = text;
    this.isAscii = !/[\u0080-\uffff]/.test(text);
  }

  /** The string index of a parse-tree location (a UTF-8 byte offset). */
  indexOfByte(byteOffset: number): number {
    if (this.isAscii) return Math.min(byteOffset, this.text.length);
    let bytes = 0;
    let index = 0;
    while (index < this.text.length && bytes < byteOffset) {
      const codePoint = this.text.codePointAt(index) ?? 0;
      bytes += utf8Length(codePoint);
      index += codePoint > 0xffff ? 2 : 1;
    }
    return index;
  }

  /** The string index of Postgres's error cursor (a 0-based character count). */
  indexOfCharacter(characterOffset: number): number {
    if (this.isAscii) return Math.min(characterOffset, this.text.length);
    let characters = 0;
    let index = 0;
    while (index < this.text.length && characters < characterOffset) {
      index += (this.text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
      characters += 1;
    }
    return index;
  }

  /** `line 2, column 5`: 1-based, columns counted in characters. */
  describePosition(index: number): string {
    const before = this.text.slice(0, index);
    const lineStart = before.lastIndexOf('\n') + 1;
    const line = before.split('\n').length;
    const column = Array.from(before.slice(lineStart)).length + 1;
    return `line ${line}, column ${column}`;
  }

  /** A SemanticQueryError `<message> (line L, column C): <hint>`; no position when the index is unknown. */
  errorAt(index: number | undefined, message: string, hint?: string): SemanticQueryError {
    const position = index === undefined ? '' : ` (${this.describePosition(index)})`;
    return new SemanticQueryError(`${message}${position}${hint === undefined ? '' : `: ${hint}`}`);
  }

  /** As `errorAt`, for a parse-tree location; -1 and undefined mean unknown. */
  error(location: number | undefined, message: string, hint?: string): SemanticQueryError {
    const index = location === undefined || location < 0 ? undefined : this.indexOfByte(location);
    return this.errorAt(index, message, hint);
  }

  /** The first token at or after a string index. */
  firstToken(fromIndex: number): SqlToken | undefined {
    for (const token of scanSqlTokens(this.text, fromIndex)) return token;
    return undefined;
  }

  /** The string index of the first (or last) occurrence of a keyword at or after `fromIndex`. */
  findKeyword(keyword: string, fromIndex = 0, occurrence: 'first' | 'last' = 'first'): number | undefined {
    let found: number | undefined;
    for (const token of scanSqlTokens(this.text, fromIndex)) {
      if (token.kind === 'word' && this.text.slice(token.start, token.end).toLowerCase() === keyword) {
        if (occurrence === 'first') return token.start;
        found = token.start;
      }
    }
    return found;
  }

  /** The word token right after the first occurrence of `keyword`, as an index. */
  findTokenAfterKeyword(keyword: string, fromIndex = 0): number | undefined {
    const keywordIndex = this.findKeyword(keyword, fromIndex);
    if (keywordIndex === undefined) return undefined;
    return this.firstToken(keywordIndex + keyword.length)?.start;
  }

  /**
   * Whether each part of a dotted name starting at a parse-tree location was written in double quotes;
   * all false when the text does not read as such a name.
   */
  quotedParts(location: number | undefined, partCount: number): boolean[] {
    const unquoted = Array.from({ length: partCount }, () => false);
    if (location === undefined || location < 0) return unquoted;
    const parts: boolean[] = [];
    let isExpectingName = true;
    for (const token of scanSqlTokens(this.text, this.indexOfByte(location))) {
      if (isExpectingName) {
        if (token.kind !== 'word' && token.kind !== 'quotedIdentifier') break;
        parts.push(token.kind === 'quotedIdentifier');
        if (parts.length === partCount) return parts;
      } else if (this.text.slice(token.start, token.end) !== '.') {
        break;
      }
      isExpectingName = !isExpectingName;
    }
    return unquoted;
  }

  /** The index of the first parenthesis nested deeper than `maximumDepth`, if any. */
  findExcessiveNesting(maximumDepth: number): number | undefined {
    if (this.text.split('(').length - 1 <= maximumDepth) return undefined;
    let depth = 0;
    for (const token of scanSqlTokens(this.text)) {
      if (token.kind !== 'symbol') continue;
      const character = this.text[token.start];
      if (character === '(') {
        depth += 1;
        if (depth > maximumDepth) return token.start;
      } else if (character === ')') {
        depth = Math.max(0, depth - 1);
      }
    }
    return undefined;
  }
}
