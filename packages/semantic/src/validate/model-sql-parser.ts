import type { ParseResult, RawStmt } from 'libpg-query';
import { hasSqlDetails, loadModule, parseSync } from 'libpg-query';
import { parseSqlTemplate } from '../plan/sql-template.js';

// why: building a model must check its SQL, and compileModelFiles is synchronous; the parser (WebAssembly)
// is loaded once, when the package is first imported.
await loadModule();

export type ParsedSql = { readonly statements: RawStmt[] } | { readonly error: string };

/** The statements of a text by the real PostgreSQL grammar, or the parser's message. */
export function parseStatements(text: string): ParsedSql {
  try {
    return { statements: (parseSync(text) as ParseResult).stmts ?? [] };
  } catch (error) {
    if (hasSqlDetails(error)) return { error: error.sqlDetails.message };
    if (error instanceof RangeError) return { error: 'it is nested too deeply to parse' };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The model SQL with each `{...}` reference replaced by a plain identifier, which stands where the
 * rendered reference (a quoted alias, a column, a parenthesised member expression) will stand.
 */
export function withPlaceholders(sql: string): string {
  return parseSqlTemplate(sql)
    .map((piece, index) => (piece.kind === 'text' ? piece.text : `platform_reference_${index}`))
    .join('');
}

const forbiddenSelectKeys = ['intoClause', 'lockingClause'] as const;

/**
 * Why a parse tree does more than read: a statement other than SELECT anywhere in it (a data-modifying
 * `WITH x AS (DELETE ...)`), `SELECT ... INTO` (creates a table) or `FOR UPDATE`; undefined when it only reads.
 */
export function writingPartOf(tree: unknown): string | undefined {
  const pending: unknown[] = [tree];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key.endsWith('Stmt') && key !== 'SelectStmt' && key !== 'RawStmt') {
        return `it holds a statement other than SELECT (${key.slice(0, -4).toUpperCase()})`;
      }
      if (key === 'SelectStmt' && child !== null && typeof child === 'object') {
        const forbidden = forbiddenSelectKeys.find((name) => name in child);
        if (forbidden === 'intoClause') return 'SELECT ... INTO creates a table';
        if (forbidden === 'lockingClause') return 'it locks rows (FOR UPDATE / FOR SHARE)';
      }
      pending.push(child);
    }
  }
  return undefined;
}
