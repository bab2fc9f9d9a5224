import { expect } from 'vitest';
import type { SeedRow } from './seed-rows.js';
import type { DataRow } from './test-warehouses.js';

/** Rows of `rows` grouped by a key; insertion order kept. */
export function groupRows<T>(
  rows: readonly T[],
  keyOf: (row: T) => string | null | undefined,
): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const row of rows) {
    const key = keyOf(row) ?? null;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

export function indexRows(rows: readonly SeedRow[], column: string): Map<string | null, SeedRow> {
  return new Map(rows.map((row) => [row[column] ?? null, row]));
}

/** Sum of a numeric column; null over no non-null values, as SQL's sum is. */
export function sumOf(rows: readonly SeedRow[], column: string): number | null {
  const values = rows.map((row) => row[column]).filter((value): value is string => value !== null);
  return values.length === 0 ? null : values.reduce((total, value) => total + Number(value), 0);
}

export function distinctCount(values: readonly (string | null | undefined)[]): number {
  return new Set(values.filter((value) => value !== null && value !== undefined)).size;
}

function sortKey(row: DataRow, keys: readonly string[]): string {
  return JSON.stringify(keys.map((key) => row[key] ?? null));
}

/**
 * Compares rows as sets keyed by `keys` (the dimensions); numbers within a relative 1e-9, so averages
 * and ratios computed in different orders compare equal.
 */
export function expectSameRows(
  actual: readonly DataRow[],
  expected: readonly DataRow[],
  keys: readonly string[],
) {
  const sorted = (rows: readonly DataRow[]) =>
    [...rows].sort((left, right) => sortKey(left, keys).localeCompare(sortKey(right, keys)));
  const actualRows = sorted(actual);
  const expectedRows = sorted(expected);
  expect(actualRows.map((row) => sortKey(row, keys))).toEqual(expectedRows.map((row) => sortKey(row, keys)));
  actualRows.forEach((row, index) => {
    const wanted = expectedRows[index] ?? {};
    for (const [key, value] of Object.entries(wanted)) {
      const got = row[key];
      if (typeof value === 'number' && typeof got === 'number') {
        expect(Math.abs(got - value), `${key} of ${sortKey(row, keys)}`).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(value)),
        );
      } else {
        expect(got, `${key} of ${sortKey(row, keys)}`).toEqual(value);
      }
    }
  });
}
