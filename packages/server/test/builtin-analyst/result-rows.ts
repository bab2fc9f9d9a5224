/** A group value as text: times by their day (both paths print the same instant differently), else as is. */
function keyPart(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10);
  return value === null || value === undefined ? '(empty)' : String(value);
}

/** Rounded, so a sum computed by two paths in a different order compares equal. */
function measured(value: unknown): number {
  return Math.round(Number(value) * 1e6) / 1e6;
}

/** Rows keyed by their group columns (all but the last), valued by the last, order ignored. */
export function keyedRows(rows: readonly (readonly unknown[])[]): Map<string, number> {
  return new Map(
    rows.map((row) => [row.slice(0, -1).map(keyPart).join(' | '), measured(row[row.length - 1])]),
  );
}

/** Rows as [group key, value] in their order. */
export function orderedRows(rows: readonly (readonly unknown[])[]): [string, number][] {
  return rows.map((row) => [row.slice(0, -1).map(keyPart).join(' | '), measured(row[row.length - 1])]);
}

/** The single value of a one-row, one-column result. */
export function singleValue(rows: readonly (readonly unknown[])[]): number {
  const value = rows[0]?.[0];
  if (rows.length !== 1 || value === undefined)
    throw new Error(`expected one value, got ${JSON.stringify(rows)}`);
  return measured(value);
}
