import type { TimeUnit } from './analyst-vocabulary.js';
import {
  addDays,
  addUnits,
  type CalendarDate,
  calendarDate,
  compareDates,
  parseIsoDate,
  startOf,
} from './local-calendar.js';

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

const ordinals = new Map([
  ['first', 1],
  ['1st', 1],
  ['second', 2],
  ['2nd', 2],
  ['third', 3],
  ['3rd', 3],
  ['fourth', 4],
  ['4th', 4],
]);
/** "The last quarter of 2023" is its fourth; without a year "last quarter" is relative to today. */
const lastOf = new Map([
  ['quarter', 4],
  ['half', 2],
]);
const yearShifts = new Map([
  ['last', -1],
  ['previous', -1],
  ['this', 0],
  ['current', 0],
  ['next', 1],
]);

export const monthPattern = monthNames
  .flat()
  .sort((left, right) => right.length - left.length)
  .join('|');
const yearPattern = '(?:19|20)\\d{2}';
/** A year by number, or "last year"; inside a point, a relative year names the year as well as a number. */
const namedYear = `(?:${yearPattern}|(?:${[...yearShifts.keys()].join('|')}) year)`;
const ordinalPattern = [...ordinals.keys()].join('|');
const of = '(?:of |in )';

/** A day, week, month, quarter, half or year as written in a question (lowercase words joined by spaces). */
export const pointPattern = [
  '\\d{4}-\\d{2}-\\d{2}',
  'week of \\d{4}-\\d{2}-\\d{2}',
  `(?:${monthPattern})(?: ${of}?${namedYear})?`,
  `(?:q[1-4]|h[12])(?: ${of}?${namedYear})?`,
  `${yearPattern} (?:q[1-4]|h[12])`,
  `(?:${ordinalPattern}) (?:quarter|half)(?: ${of}${namedYear})?`,
  `last (?:quarter|half) ${of}${namedYear}`,
  `(?:${ordinalPattern}|last) week ${of}(?:${monthPattern})(?: ${of}?${namedYear})?`,
  yearPattern,
].join('|');

export function isMonthName(word: string): boolean {
  return monthOfName.has(word);
}

function span(unit: TimeUnit, start: CalendarDate, hasYear: boolean): TimePoint {
  return { start, end: addUnits(unit, 1, start), hasYear };
}

/** The year the words name: a number, or "last year" / "this year" against today. */
function namedYearOf(words: readonly string[], today: CalendarDate): number | undefined {
  const stated = words.map(Number).find((value) => Number.isInteger(value) && value >= 1900);
  if (stated !== undefined) return stated;
  const yearIndex = words.lastIndexOf('year');
  const shift = yearIndex > 0 ? yearShifts.get(words[yearIndex - 1] ?? '') : undefined;
  return shift === undefined ? undefined : today.year + shift;
}

/** Which quarter or half the words name ("q3", "third quarter", "h2", "last half of 2023"). */
function partOfYear(words: readonly string[]): { unit: 'quarter' | 'half'; number: number } | undefined {
  const short = words.map((word) => /^([qh])([1-4])$/.exec(word)).find((match) => match !== null);
  if (short) {
    const unit = short[1] === 'q' ? 'quarter' : 'half';
    const number = Number(short[2]);
    return unit === 'half' && number > 2 ? undefined : { unit, number };
  }
  const [first = '', second = ''] = words;
  if (second !== 'quarter' && second !== 'half') return undefined;
  const number = first === 'last' ? lastOf.get(second) : ordinals.get(first);
  if (number === undefined || (second === 'half' && number > 2)) return undefined;
  return { unit: second, number };
}

/**
 * The span named by a point of `pointPattern`. Without a year, `year` is used when given, else the most
 * recent such month, quarter or half that has begun by today.
 */
export function parseTimePoint(text: string, today: CalendarDate, year?: number): TimePoint | undefined {
  const words = text.split(' ');
  const iso = parseIsoDate(text);
  if (iso) return span('day', iso, true);
  const weekDay = words[0] === 'week' ? parseIsoDate(words[words.length - 1] ?? '') : undefined;
  if (weekDay) return span('week', startOf('week', weekDay), true);
  if (words[1] === 'week') return weekOfMonth(words, today, year);
  const statedYear = namedYearOf(words, today);
  const part = partOfYear(words);
  const month = monthOfName.get(words[0] ?? '');
  const startMonth =
    month ?? (part === undefined ? undefined : (part.number - 1) * (part.unit === 'half' ? 6 : 3) + 1);
  if (startMonth === undefined) {
    return statedYear === undefined ? undefined : span('year', calendarDate(statedYear, 1), true);
  }
  const chosenYear = statedYear ?? year ?? mostRecentYear(startMonth, today);
  const start = calendarDate(chosenYear, startMonth);
  const hasYear = statedYear !== undefined;
  if (part?.unit === 'half') return { start, end: addUnits('month', 6, start), hasYear };
  return span(month === undefined ? 'quarter' : 'month', start, hasYear);
}

/**
 * "The first week of June 2026": the month's days 1 to 7 (its second week 8 to 14, its last week its
 * last seven days), the weeks a month is spoken of in; a calendar week may start in the month before.
 */
function weekOfMonth(words: readonly string[], today: CalendarDate, year?: number): TimePoint | undefined {
  const month = parseTimePoint(words.slice(3).join(' '), today, year);
  if (month === undefined) return undefined;
  if (words[0] === 'last') return { start: addDays(month.end, -7), end: month.end, hasYear: month.hasYear };
  const number = ordinals.get(words[0] ?? '');
  if (number === undefined) return undefined;
  const start = addDays(month.start, (number - 1) * 7);
  return { start, end: addDays(start, 7), hasYear: month.hasYear };
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
