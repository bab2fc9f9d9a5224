import type { SeededRandom } from '../../../packages/server/src/platform/sample-data/seeded-random.js';

export const dayMilliseconds = 86_400_000;

/** Weekday factors, Sunday first: business data is quieter at weekends. */
const weekdayFactors = [0.25, 1.1, 1.15, 1.1, 1.05, 1, 0.45];

/** A UTC instant as DuckDB reads a TIMESTAMP from CSV. */
export function sqlTimestamp(milliseconds: number): string {
  return new Date(milliseconds)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}

/**
 * The UTC midnight of each event between `start` and `end`, one entry per event: about `perDay` events
 * a weekday at the start, growing 15% a year, so later periods weigh more, as in a growing business.
 */
export function growingDays(random: SeededRandom, start: number, end: number, perDay: number): number[] {
  const days: number[] = [];
  for (let day = start; day < end; day += dayMilliseconds) {
    const years = (day - start) / (365 * dayMilliseconds);
    const expected = perDay * 1.15 ** years * (weekdayFactors[new Date(day).getUTCDay()] ?? 1);
    // why: a whole part plus a chance for the rest keeps the mean without a Poisson sampler.
    const count = Math.floor(expected) + (random.chance(expected - Math.floor(expected)) ? 1 : 0);
    for (let index = 0; index < count; index += 1) days.push(day);
  }
  return days;
}
