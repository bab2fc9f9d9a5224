/** Relative tolerance of two numbers that are the same figure computed by two paths. */
const relativeTolerance = 1e-6;

type Cell = string | number | boolean | null;

const isoTime = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/;
const numeral = /^-?\d+(\.\d+)?$/;

/**
 * A value as both paths can agree on it: a time by its day (the SQL interface prints local times
 * without a zone, DuckDB prints UTC ones with it), a numeral or a big integer as a number.
 */
export function normalisedCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value);
  const time = isoTime.exec(text);
  if (time) return time[1] ?? text;
  return numeral.test(text) ? Number(text) : text;
}

function cellsEqual(left: Cell, right: Cell): boolean {
  if (typeof left === 'number' && typeof right === 'number') {
    return Math.abs(left - right) <= relativeTolerance * Math.max(1, Math.abs(left), Math.abs(right));
  }
  return left === right;
}

/** A sort key that puts equal rows side by side; numbers are rounded so two paths' sums sort alike. */
function sortKey(row: readonly Cell[]): string {
  return JSON.stringify(row.map((cell) => (typeof cell === 'number' ? Number(cell.toPrecision(6)) : cell)));
}

function rowsEqual(left: readonly Cell[], right: readonly Cell[]): boolean {
  return left.length === right.length && left.every((cell, index) => cellsEqual(cell, right[index] ?? null));
}

function sequencesEqual(left: readonly (readonly Cell[])[], right: readonly (readonly Cell[])[]): boolean {
  return left.length === right.length && left.every((row, index) => rowsEqual(row, right[index] ?? []));
}

function sorted(rows: readonly (readonly Cell[])[]): (readonly Cell[])[] {
  return [...rows].sort((left, right) =>
    sortKey(left) < sortKey(right) ? -1 : sortKey(left) > sortKey(right) ? 1 : 0,
  );
}

/** Every way to give each gold column its own answer column, among those holding the same values. */
function* columnAssignments(
  candidates: readonly (readonly number[])[],
  taken: readonly number[] = [],
): Generator<number[]> {
  if (taken.length === candidates.length) {
    yield [...taken];
    return;
  }
  for (const column of candidates[taken.length] ?? []) {
    if (!taken.includes(column)) yield* columnAssignments(candidates, [...taken, column]);
  }
}

function columnOf(rows: readonly (readonly Cell[])[], index: number): Cell[] {
  return rows.map((row) => row[index] ?? null);
}

/**
 * Whether the answer's rows are the gold rows. Columns are matched by their values, not their names or
 * positions (a model may put the measure first or add a column); every gold column must be one answer
 * column. The row count must be equal; the order counts only when `isOrdered`.
 */
export function rowsMatch(
  answerRows: readonly (readonly unknown[])[],
  goldRows: readonly (readonly unknown[])[],
  isOrdered: boolean,
): boolean {
  if (answerRows.length !== goldRows.length) return false;
  const answer = answerRows.map((row) => row.map(normalisedCell));
  const gold = goldRows.map((row) => row.map(normalisedCell));
  const goldWidth = gold[0]?.length ?? 0;
  const answerWidth = answer[0]?.length ?? 0;
  if (gold.length === 0) return true;
  const candidates = Array.from({ length: goldWidth }, (_, goldColumn) => {
    const expected = sorted(columnOf(gold, goldColumn).map((cell) => [cell]));
    return Array.from({ length: answerWidth }, (_, index) => index).filter((answerColumn) =>
      sequencesEqual(sorted(columnOf(answer, answerColumn).map((cell) => [cell])), expected),
    );
  });
  for (const assignment of columnAssignments(candidates)) {
    const projected = answer.map((row) => assignment.map((column) => row[column] ?? null));
    if (isOrdered ? sequencesEqual(projected, gold) : sequencesEqual(sorted(projected), sorted(gold)))
      return true;
  }
  return false;
}
