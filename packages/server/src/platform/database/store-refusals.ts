/** What a write named that the store does not have (SQLSTATE 23503 on an insert or update). */
export interface MissingReference {
  table: string;
  column: string;
  value: string;
}

/**
 * The row a write referenced that is gone: PostgreSQL (and PGlite) report it as 23503 with a detail
 * `Key (folder_id)=(5) is not present in table "content_folders".` A 23503 of a delete (a row still
 * referenced) is not one: it returns null.
 */
export function missingReferenceOf(error: unknown): MissingReference | null {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (code === '23503' && typeof detail === 'string') {
      const match = /^Key \(([^)]+)\)=\(([^)]*)\) is not present in table "([^"]+)"/.exec(detail);
      return match ? { column: match[1] ?? '', value: match[2] ?? '', table: match[3] ?? '' } : null;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * SQLSTATE 40P01 (deadlock detected) or 40001 (serialization failure): the store gave up one of two
 * transactions that crossed (a report moved between two workbooks while both move); sending it again
 * succeeds.
 */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const { code } = current as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
