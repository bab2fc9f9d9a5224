/** A token of SQL text, by JavaScript string index; comments and whitespace are skipped. */
export interface SqlToken {
  readonly kind: 'word' | 'quotedIdentifier' | 'string' | 'number' | 'parameter' | 'symbol';
  readonly start: number;
  readonly end: number;
}

const whitespace = new Set([' ', '\t', '\n', '\r', '\f', '\v']);

function isWordStart(character: string): boolean {
  return /[A-Za-z_]/.test(character) || character.charCodeAt(0) >= 0x80;
}

function isWordPart(character: string): boolean {
  return /[A-Za-z0-9_$]/.test(character) || character.charCodeAt(0) >= 0x80;
}

/** The index after a quoted run opened at `start` and closed by `quote`, a doubled quote escaping it. */
function skipQuoted(text: string, start: number, quote: string, hasBackslashEscapes: boolean): number {
  let index = start + 1;
  while (index < text.length) {
    const character = text[index];
    if (hasBackslashEscapes && character === '\\') {
      index += 2;
    } else if (character === quote) {
      if (text[index + 1] !== quote) return index + 1;
      index += 2;
    } else {
      index += 1;
    }
  }
  return text.length;
}

function skipBlockComment(text: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < text.length) {
    if (text.startsWith('/*', index)) {
      depth += 1;
      index += 2;
    } else if (text.startsWith('*/', index)) {
      depth -= 1;
      index += 2;
      if (depth === 0) return index;
    } else {
      index += 1;
    }
  }
  return text.length;
}

/** A dollar-quoted string (`$tag$ … $tag$`) at `start`, or undefined when `$` starts something else. */
function skipDollarQuoted(text: string, start: number): number | undefined {
  const match = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(
    text.slice(start, start + 200),
  );
  if (match === null) return undefined;
  const close = text.indexOf(match[0], start + match[0].length);
  return close === -1 ? text.length : close + match[0].length;
}

function readToken(text: string, start: number): SqlToken {
  const character = text[start] ?? '';
  const next = text[start + 1] ?? '';
  const token = (kind: SqlToken['kind'], end: number): SqlToken => ({ kind, start, end });
  if (character === "'") return token('string', skipQuoted(text, start, "'", false));
  if (character === '"') return token('quotedIdentifier', skipQuoted(text, start, '"', false));
  if ((character === 'E' || character === 'e') && next === "'") {
    return token('string', skipQuoted(text, start + 1, "'", true));
  }
  if (/[BbXxNn]/.test(character) && next === "'")
    return token('string', skipQuoted(text, start + 1, "'", false));
  if ((character === 'U' || character === 'u') && next === '&' && /["']/.test(text[start + 2] ?? '')) {
    const quote = text[start + 2] ?? '"';
    return token(quote === '"' ? 'quotedIdentifier' : 'string', skipQuoted(text, start + 2, quote, false));
  }
  if (character === '$') {
    const dollarEnd = skipDollarQuoted(text, start);
    if (dollarEnd !== undefined) return token('string', dollarEnd);
    let end = start + 1;
    while (/[0-9]/.test(text[end] ?? '')) end += 1;
    return token('parameter', end);
  }
  if (/[0-9]/.test(character) || (character === '.' && /[0-9]/.test(next))) {
    const match = /^(?:0[xob][0-9a-f_]+|[0-9_]*\.?[0-9_]*(?:e[+-]?[0-9]+)?)/i.exec(text.slice(start));
    return token('number', start + Math.max(1, match?.[0].length ?? 1));
  }
  if (isWordStart(character)) {
    let end = start + 1;
    while (end < text.length && isWordPart(text[end] ?? '')) end += 1;
    return token('word', end);
  }
  return token('symbol', start + 1);
}

/** Tokens from `from` on; an approximation of Postgres's lexer, used only on text it already parsed. */
export function* scanSqlTokens(text: string, from = 0): Generator<SqlToken> {
  let index = from;
  while (index < text.length) {
    const character = text[index] ?? '';
    if (whitespace.has(character)) {
      index += 1;
    } else if (text.startsWith('--', index)) {
      const lineEnd = text.indexOf('\n', index);
      index = lineEnd === -1 ? text.length : lineEnd + 1;
    } else if (text.startsWith('/*', index)) {
      index = skipBlockComment(text, index);
    } else {
      const token = readToken(text, index);
      yield token;
      index = token.end;
    }
  }
}
