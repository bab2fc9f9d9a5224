import type { ParseResult, RawStmt } from 'libpg-query';
import { hasSqlDetails, loadModule, parseSync } from 'libpg-query';
import type { SqlSourceText } from './sql-source-text.js';

let loading: Promise<void> | undefined;
let isLoaded = false;

/** Loads the Postgres parser (WebAssembly) once; `translateSql` needs it. Idempotent. */
export function loadSqlInterface(): Promise<void> {
  loading ??= loadModule().then(() => {
    isLoaded = true;
  });
  return loading;
}

/** Postgres reports some errors without a position; only cursor-bearing messages point at the text. */
function hasPosition(message: string, cursorPosition: number): boolean {
  return cursorPosition > 0 || / at or near |at end of input/.test(message);
}

/** The statements of the SQL text, parsed by the real Postgres grammar; a parse error names its position. */
export function parsePostgresSql(source: SqlSourceText): RawStmt[] {
  if (!isLoaded) throw new Error('The SQL interface is not loaded: await loadSqlInterface() first.');
  let result: ParseResult;
  try {
    result = parseSync(source.text) as ParseResult;
  } catch (error) {
    if (hasSqlDetails(error)) {
      const { message, cursorPosition } = error.sqlDetails;
      const index = hasPosition(message, cursorPosition)
        ? source.indexOfCharacter(cursorPosition)
        : undefined;
      throw source.errorAt(index, `SQL syntax error: ${message}`);
    }
    if (error instanceof RangeError) {
      throw source.errorAt(undefined, 'The SQL query is nested too deeply to parse', 'simplify it');
    }
    throw error;
  }
  return result.stmts ?? [];
}
