import { expect } from 'vitest';
import type { answerOf } from './analyst-harness.js';
import { keyedRows, orderedRows } from './result-rows.js';

type AnsweredRun = Awaited<ReturnType<typeof answerOf>>;

/** Rows a ranking lists when the question gave no number and named the things in the plural. */
export const rankedRows = 10;

/**
 * A "which X … the most/least" answer against plain SQL over the raw tables (`expected`: one row per
 * entity, its name then its value): the named entities in order of the measure, each with its own value,
 * none without a name, and the answer naming the first. `limit`: 1 for a thing named in the singular
 * ("which store…"), which is answered as one.
 */
export function expectRanking(
  run: AnsweredRun,
  expected: readonly (readonly unknown[])[],
  direction: 'highest' | 'lowest',
  limit = rankedRows,
): void {
  const named = expected.filter((row) => row[0] !== null && row[0] !== undefined);
  const values = orderedRows(named)
    .map(([, value]) => value)
    .sort((left, right) => (direction === 'highest' ? right - left : left - right));
  const rows = orderedRows(run.result.data);
  expect(rows).toHaveLength(Math.min(limit, named.length));
  expect(rows.map(([, value]) => value)).toEqual(values.slice(0, rows.length));
  const byName = keyedRows(named);
  for (const [name, value] of rows) expect(byName.get(name), name).toBe(value);
  expect(rows.some(([name]) => name === '(empty)')).toBe(false);
  const place = direction === 'highest' ? 'first' : 'last';
  const lead = rows.length === 1 ? `${rows[0]?.[0]} has the ` : `${rows[0]?.[0]} is ${place} by `;
  expect(run.answer.startsWith(lead), run.answer).toBe(true);
}
