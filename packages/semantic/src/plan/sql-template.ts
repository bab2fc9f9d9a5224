/** A piece of model SQL: literal text, or a `{...}` reference to a member or cube. */
export type TemplatePiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'reference'; readonly names: readonly string[]; readonly written: string }
  | { readonly kind: 'unsupported'; readonly written: string };

const bracePattern = /\{([^{}]*)\}/g;
const referencePattern = /^\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*$/;
const expressionPattern = /^\s*[A-Za-z_]/;
const bareIdentifierPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const literalWords = new Set(['null', 'true', 'false']);

/**
 * Splits model SQL into text and references. Braces around other expressions starting with a name
 * (`{FILTER_PARAMS.x.y.filter('z')}`) are unsupported; any other braces (a JSON literal, say) stay text.
 */
export function parseSqlTemplate(sql: string): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let last = 0;
  for (const match of sql.matchAll(bracePattern)) {
    const content = match[1] ?? '';
    const inner = referencePattern.exec(content);
    if (!inner?.[1] && !expressionPattern.test(content)) continue;
    if (match.index > last) pieces.push({ kind: 'text', text: sql.slice(last, match.index) });
    pieces.push(
      inner?.[1]
        ? { kind: 'reference', names: inner[1].split('.'), written: match[0] }
        : { kind: 'unsupported', written: match[0] },
    );
    last = match.index + match[0].length;
  }
  if (last < sql.length) pieces.push({ kind: 'text', text: sql.slice(last) });
  return pieces;
}

/** A member's sql that is a bare column name (`amount`) is read from its own cube, as Cube does. */
export function isBareColumn(sql: string): boolean {
  const trimmed = sql.trim();
  return bareIdentifierPattern.test(trimmed) && !literalWords.has(trimmed.toLowerCase());
}

const simpleExpressionPattern = /^(?:[A-Za-z0-9_."$]+|[A-Za-z_][A-Za-z0-9_]*\([^()]*\))$/;

/** Parenthesised unless it is a column, literal or single function call, so operators keep their meaning. */
export function grouped(sql: string): string {
  return simpleExpressionPattern.test(sql) ? sql : `(${sql})`;
}

/** A model string as an SQL literal; model text, never query input, is inlined this way. */
export function stringLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** How errors name a member's SQL. */
export function sqlOf(cubeName: string, memberName: string): string {
  return `in the sql of \`${cubeName}.${memberName}\``;
}
