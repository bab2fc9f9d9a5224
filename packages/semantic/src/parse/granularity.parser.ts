import type { Granularity } from '../model/member.types.js';
import { readMap } from './map-reader.js';
import type { YamlCursor } from './yaml-cursor.js';

const granularityKeys = ['name', 'interval', 'offset', 'origin', 'title'];
const unit = '(second|minute|hour|day|week|month|quarter|year)s?';
// Intervals are positive; offsets may go backwards, as in Cube.
const intervalPattern = new RegExp(`^\\d+\\s+${unit}(\\s+\\d+\\s+${unit}){0,7}$`);
const offsetPattern = new RegExp(`^-?\\d+\\s+${unit}(\\s+-?\\d+\\s+${unit}){0,7}$`);
/** How many of a unit divide the next larger calendar unit evenly, so an interval aligns without `origin`. */
const unitDivisors: Readonly<Record<string, number>> = {
  second: 60,
  minute: 60,
  hour: 24,
  day: 1,
  week: 1,
  month: 12,
  quarter: 4,
};

export function parseGranularity(cursor: YamlCursor, dimensionOwner: string): Granularity | undefined {
  const fields = readMap(cursor, {
    keys: granularityKeys,
    describe: (name) =>
      name === undefined
        ? `a granularity of ${dimensionOwner} without a name`
        : `granularity \`${name}\` of ${dimensionOwner}`,
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const interval = readPattern(fields.required('interval'), intervalPattern, '`1 week` or `2 months`');
  const offset = readPattern(fields.field('offset'), offsetPattern, '`3 days` or `-1 hour`');
  const origin = fields.field('origin').string();
  if (origin !== undefined && Number.isNaN(new Date(origin).getTime())) {
    fields
      .field('origin')
      .report(
        `\`origin\` of ${fields.owner} must be a date such as \`2024-01-01\` or \`2024-01-01T06:00:00\`, got \`${origin}\``,
      );
  }
  if (fields.has('offset') && fields.has('origin')) {
    fields.field('origin').report(`${fields.owner} has both \`offset\` and \`origin\`; keep one`);
  } else if (interval !== undefined && origin === undefined && !isAlignedInterval(interval)) {
    fields
      .field('interval')
      .report(
        `interval \`${interval}\` of ${fields.owner} does not divide a calendar unit evenly; set \`origin\``,
      );
  }
  if (name === undefined || interval === undefined) return undefined;
  return { name, interval, offset, origin, title: fields.field('title').string(), location: cursor.location };
}

function readPattern(cursor: YamlCursor | undefined, pattern: RegExp, example: string): string | undefined {
  const value = cursor?.string();
  if (cursor === undefined || value === undefined || pattern.test(value)) return value;
  cursor.report(`${cursor.subject} must be an interval such as ${example}, got \`${value}\``);
  return undefined;
}

/** Whether buckets of this interval can be counted from the calendar without an explicit origin. */
function isAlignedInterval(interval: string): boolean {
  const parts = interval.trim().split(/\s+/);
  if (parts.length !== 2) return false;
  const count = Number(parts[0]);
  const unitName = (parts[1] ?? '').replace(/s$/, '');
  if (unitName === 'year') return true;
  const divisor = unitDivisors[unitName];
  return divisor !== undefined && count > 0 && divisor % count === 0;
}
