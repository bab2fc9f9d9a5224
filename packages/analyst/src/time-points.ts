import type { TimeUnit } from './analyst-vocabulary.js';
import { addUnits, type CalendarDate, calendarDate, compareDates, parseIsoDate } from './local-calendar.js';

/** A span of whole days: `start` inclusive, `end` exclusive. */
export interface DaySpan {
  readonly start: CalendarDate;
  readonly end: CalendarDate;
}

export interface TimePoint extends DaySpan {
  /** Whether the words named the year; a month alone takes the year from context. */
  readonly hasYear: boolean;
}

const monthNames = [
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sep', 'sept'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
] as const;

const monthOfName = new Map<string, number>(
  monthNames.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

const ordinalQuarters = new Map([
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
]);

export const monthPattern = monthNames
  .flat()
  .sort((left, right) => right.length - left.length)
  .join('|');
const yearPattern = '(?:19|20)\\d{2}';

/** A day, month, quarter or year as written in a question (lowercase words joined by spaces). */
export const pointPattern = [
  '\\d{4}-\\d{2}-\\d{2}',
  `(?:${monthPattern})(?: ${yearPattern})?`,
  `q[1-4](?: ${yearPattern})?`,
  `${yearPattern} q[1-4]`,
  `(?:first|second|third|fourth) quarter(?: of ${yearPattern})?`,
  yearPattern,
].join('|');

export function isMonthName(word: string): boolean {
  return monthOfName.has(word);
}

function span(unit: TimeUnit, start: CalendarDate, hasYear: boolean): TimePoint {
  return { start, end: addUnits(unit, 1, start), hasYear };
}

/**
 * The span named by a point of `pointPattern`. Without a year, `year` is used when given, else the most
 * recent such month or quarter that has begun by today.
 */
export function parseTimePoint(text: string, today: CalendarDate, year?: number): TimePoint | undefined {
  const words = text.split(' ');
  const iso = parseIsoDate(text);
  if (iso) return span('day', iso, true);
  const statedYear = words.map(Number).find((value) => Number.isInteger(value) && value >= 1900);
  const first = words[0] ?? '';
  const quarter = /^q([1-4])$/.exec(words.find((word) => /^q[1-4]$/.test(word)) ?? '')?.[1];
  const quarterNumber = quarter ? Number(quarter) : ordinalQuarters.get(first);
  const month = monthOfName.get(first);
  const startMonth = month ?? (quarterNumber === undefined ? undefined : quarterNumber * 3 - 2);
  if (startMonth === undefined) {
    return statedYear === undefined ? undefined : span('year', calendarDate(statedYear, 1), true);
  }
  const unit: TimeUnit = month === undefined ? 'quarter' : 'month';
  const chosenYear = statedYear ?? year ?? mostRecentYear(startMonth, today);
  return span(unit, calendarDate(chosenYear, startMonth), statedYear !== undefined);
}

function mostRecentYear(month: number, today: CalendarDate): number {
  return compareDates(calendarDate(today.year, month), today) <= 0 ? today.year : today.year - 1;
}

/** `between X and Y`: a point without a year takes the other's, and a range never runs backwards. */
export function parseTimeInterval(
  fromText: string,
  toText: string,
  today: CalendarDate,
): DaySpan | undefined {
  const looseTo = parseTimePoint(toText, today);
  const looseFrom = parseTimePoint(fromText, today);
  if (!looseTo || !looseFrom) return undefined;
  let from = looseFrom;
  let to = looseTo;
  if (!from.hasYear && to.hasYear) {
    from = parseTimePoint(fromText, today, to.start.year) ?? from;
    if (compareDates(from.start, to.start) > 0) {
      from = parseTimePoint(fromText, today, to.start.year - 1) ?? from;
    }
  } else if (from.hasYear && !to.hasYear) {
    to = parseTimePoint(toText, today, from.start.year) ?? to;
    if (compareDates(to.start, from.start) < 0) to = parseTimePoint(toText, today, from.start.year + 1) ?? to;
  } else if (!from.hasYear && !to.hasYear && compareDates(from.start, to.start) > 0) {
    from = parseTimePoint(fromText, today, to.start.year - 1) ?? from;
  }
  if (compareDates(to.end, from.start) <= 0) return undefined;
  return { start: from.start, end: to.end };
}
