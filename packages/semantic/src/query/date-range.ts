import type { DateRange } from './semantic-query.types.js';
import { SemanticQueryError } from './semantic-query-error.js';
import {
  addUnits,
  type CalendarUnit,
  formatNaive,
  parseAbsoluteTime,
  startOf,
  wallClock,
} from './zoned-time.js';

/** A span of wall-clock time in the query's time zone: `start` inclusive, `end` exclusive, as naive times. */
export interface LocalRange {
  readonly start: string;
  readonly end: string;
}

interface NaiveRange {
  readonly start: Date;
  readonly end: Date;
}

const unitPattern = '(second|minute|hour|day|week|month|quarter|year)s?';
const thisPattern = new RegExp(`^(this|last|next)\\s+${unitPattern}$`);
const countPattern = new RegExp(`^(last|next)\\s+(\\d+)\\s+${unitPattern}$`);
const agoPattern = new RegExp(`^(\\d+)\\s+${unitPattern}\\s+(ago|from now)$`);
const inPattern = new RegExp(`^in\\s+(\\d+)\\s+${unitPattern}$`);
const fromToPattern = /^from\s+(.+?)\s+to\s+(.+)$/;

// why: the bound parameters are written YYYY-MM-DDTHH:MM:SS.mmm, which only years 1 to 9999 fit, and
// arithmetic on huge counts (`last 99999999999999 years`) yields an invalid Date that would throw later.
const earliestNaive = Date.parse('0001-01-01T00:00:00.000Z');
const latestNaive = Date.parse('9999-12-31T23:59:59.999Z');

function isWithinCalendar(naive: Date): boolean {
  const time = naive.getTime();
  return Number.isFinite(time) && time >= earliestNaive && time <= latestNaive;
}

/** `describe` names the range in the error, which says why it is refused: a 400, never a RangeError. */
function toLocal(range: NaiveRange, describe: string): LocalRange {
  if (!isWithinCalendar(range.start) || !isWithinCalendar(range.end)) {
    throw new SemanticQueryError(
      `date range ${describe} is out of range: its dates must fall within the years 0001 to 9999`,
    );
  }
  return { start: formatNaive(range.start), end: formatNaive(range.end) };
}

function unitSpan(unit: CalendarUnit, naive: Date): NaiveRange {
  const start = startOf(unit, naive);
  return { start, end: addUnits(unit, 1, start) };
}

/** A point in time written relatively (`now`, `3 days ago`) or absolutely, or undefined. */
function parsePoint(text: string, now: Date, timezone: string): Date | undefined {
  if (text === 'now' || text === 'today') return now;
  if (text === 'yesterday') return addUnits('day', -1, now);
  if (text === 'tomorrow') return addUnits('day', 1, now);
  const relative = agoPattern.exec(text) ?? inPattern.exec(text);
  if (relative) {
    const isFuture = relative[3] === 'from now' || text.startsWith('in ');
    const amount = Number(relative[1]) * (isFuture ? 1 : -1);
    return addUnits(relative[2] as CalendarUnit, amount, now);
  }
  return parseAbsoluteTime(text, timezone)?.naive;
}

function relativeRange(text: string, now: Date, timezone: string): NaiveRange | undefined {
  if (text === 'today' || text === 'yesterday' || text === 'tomorrow') {
    return unitSpan('day', parsePoint(text, now, timezone) ?? now);
  }
  const single = thisPattern.exec(text);
  if (single) {
    const unit = single[2] as CalendarUnit;
    const shift = single[1] === 'last' ? -1 : single[1] === 'next' ? 1 : 0;
    return unitSpan(unit, addUnits(unit, shift, now));
  }
  const counted = countPattern.exec(text);
  if (counted) {
    const unit = counted[3] as CalendarUnit;
    const amount = Number(counted[2]);
    const current = startOf(unit, now);
    // why: like Cube, `last 7 days` is the seven whole days before today, `next 7 days` the seven after.
    return counted[1] === 'last'
      ? { start: addUnits(unit, -amount, current), end: current }
      : { start: addUnits(unit, 1, current), end: addUnits(unit, amount + 1, current) };
  }
  const fromTo = fromToPattern.exec(text);
  if (fromTo) {
    const from = parsePoint(fromTo[1] ?? '', now, timezone);
    const to = parsePoint(fromTo[2] ?? '', now, timezone);
    if (!from || !to) return undefined;
    const unit = (['second', 'minute', 'hour'] as const).find((name) => text.includes(name)) ?? 'day';
    return { start: startOf(unit, from), end: addUnits(unit, 1, startOf(unit, to)) };
  }
  const point = parseAbsoluteTime(text, timezone);
  return point ? unitSpan('day', point.naive) : undefined;
}

/**
 * A query's date range in its time zone: `[from, to]` covers whole days for dates (the end day included)
 * and exact instants for date-times (the end instant included); strings are relative ranges evaluated
 * at `now`: today, yesterday, this|last|next <unit>, last|next N <units>, from X to Y.
 */
export function resolveDateRange(range: DateRange, now: Date, timezone: string): LocalRange {
  const localNow = wallClock(now, timezone);
  if (typeof range === 'string') {
    const resolved = relativeRange(range.trim().toLowerCase().replace(/\s+/g, ' '), localNow, timezone);
    if (!resolved) {
      throw new SemanticQueryError(
        `date range \`${range}\` is not understood; use [from, to] dates, today, yesterday, this|last|next week|month|quarter|year, last N days|weeks|months|quarters|years, or "from X to Y"`,
      );
    }
    return toLocal(resolved, `\`${range}\``);
  }
  const [fromText, toText] = range;
  const from = boundOf(fromText, timezone);
  const to = boundOf(toText, timezone);
  const end = to.hasTime ? new Date(to.naive.getTime() + 1) : addUnits('day', 1, to.naive);
  if (end.getTime() <= from.naive.getTime()) {
    throw new SemanticQueryError(`date range [${fromText}, ${toText}] ends before it starts`);
  }
  return toLocal({ start: from.naive, end }, `[${fromText}, ${toText}]`);
}

/** A single date (the whole day), date-time (that instant) or relative range, for date filter operators. */
export function resolveDatePoint(value: string, now: Date, timezone: string): LocalRange {
  const absolute = parseAbsoluteTime(value, timezone);
  if (absolute?.hasTime) {
    return toLocal({ start: absolute.naive, end: new Date(absolute.naive.getTime() + 1) }, `\`${value}\``);
  }
  return resolveDateRange(value, now, timezone);
}

function boundOf(text: string, timezone: string): { readonly naive: Date; readonly hasTime: boolean } {
  const parsed = typeof text === 'string' ? parseAbsoluteTime(text, timezone) : undefined;
  if (!parsed) {
    throw new SemanticQueryError(
      `\`${String(text)}\` is not a date; write YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS`,
    );
  }
  return parsed;
}
