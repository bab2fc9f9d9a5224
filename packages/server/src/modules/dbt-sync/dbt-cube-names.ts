const identifierPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Bare words the compiler reads as literals, not as a column of the cube. */
const literalWords = new Set(['null', 'true', 'false']);
/** `{CUBE}` and `{TABLE}` name the cube itself in model SQL, so no cube or member may be called that. */
const reservedNames = new Set(['CUBE', 'TABLE']);

/**
 * A name the compiler accepts (letters, digits and `_`, not starting with a digit, not reserved):
 * other characters become `_`, a leading digit gets a `_` before it, and a reserved name (or one in
 * `taken`, such as the `count` measure) gets `suffix`. The original is kept in the member's `sql`.
 */
export function safeName(original: string, suffix: string, taken: ReadonlySet<string> = new Set()): string {
  let name = original.replace(/[^A-Za-z0-9_]+/g, '_');
  if (name === '' || /^[0-9]/.test(name)) name = `_${name}`;
  return reservedNames.has(name) || taken.has(name) ? `${name}${suffix}` : name;
}

/** How model SQL reads a column of `owner` (`{CUBE}` or `{customers}`): as is, or quoted when it must be. */
export function columnReference(owner: string, column: string): string {
  return isPlainColumn(column) ? `${owner}.${column}` : `${owner}.${quotedIdentifier(column)}`;
}

/** A dimension's `sql`: the bare column (the compiler reads it from the cube), or `{CUBE}."Odd name"`. */
export function columnSql(column: string): string {
  return isPlainColumn(column) ? column : `{CUBE}.${quotedIdentifier(column)}`;
}

function isPlainColumn(column: string): boolean {
  return identifierPattern.test(column) && !literalWords.has(column.toLowerCase());
}

function quotedIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
