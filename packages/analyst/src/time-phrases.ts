import { countOf, numberWords, type TimeUnit, timeUnits } from './analyst-vocabulary.js';
import {
  addDays,
  addUnits,
  type CalendarDate,
  calendarDate,
  daysBetween,
  startOf,
} from './local-calendar.js';
import type { PhraseMatch, QuestionTokens } from './question-tokens.js';
import { rankingWordPattern } from './ranking-phrases.js';
import { type DaySpan, isMonthName, parseTimeInterval, parseTimePoint, pointPattern } from './time-points.js';

/** A date range of the question; either side may be open (`since 2024`, `before March`). */
export interface TimeRange {
  readonly start?: CalendarDate;
  /** Exclusive. */
  readonly end?: CalendarDate;
  /** The words of the question that named it, e.g. "last 30 days". */
  readonly words: string;
}

export interface TimeIntent {
  readonly range?: TimeRange;
  readonly granularity?: TimeUnit;
}

const unit = `(${timeUnits.join('|')})s?`;
const count = `(\\d{1,4}|${[...numberWords.keys()].join('|')})`;
const lead = '(?:(?:in|during|for|over|within|from) )?(?:the )?';
const point = `(${pointPattern})`;
const ranged = (source: string) => new RegExp(`\\b${source}\\b`, 'g');

const year = '(?:19|20)\\d{2}';

const rangePatterns: readonly {
  pattern: RegExp;
  read: (match: PhraseMatch, today: CalendarDate) => DaySpanLike;
  /** Read against today: it gives way when the question names a year ("the last quarter of 2023"). */
  isRelative?: boolean;
}[] = [
  {
    pattern: ranged(`(?:between|from) ${point} (?:and|to|until|till|through) ${point}`),
    read: (match, today) => parseTimeInterval(match.groups[0] ?? '', match.groups[1] ?? '', today),
  },
  {
    pattern: ranged(`${lead}(${year}(?: (?:and )?${year})+)`),
    read: (match) => yearsSpan(match.groups[0] ?? ''),
  },
  {
    pattern: ranged(`(since|after|from) ((?:the )?(?:beginning|start) of )?${point}`),
    read: (match, today) => {
      const found = parseTimePoint(match.groups[2] ?? '', today);
      const isAfter = match.groups[0] === 'after' && match.groups[1] === undefined;
      return found && { start: isAfter ? found.end : found.start };
    },
  },
  {
    pattern: ranged(`(before|until|till|through|prior to) ${point}`),
    read: (match, today) => {
      const found = parseTimePoint(match.groups[1] ?? '', today);
      return (
        found && {
          end: match.groups[0] === 'before' || match.groups[0] === 'prior to' ? found.start : found.end,
        }
      );
    },
  },
  {
    pattern: ranged(`(?:(in|during|for|on|of|within) )?${point}`),
    read: (match, today) => parseTimePoint(match.groups[1] ?? '', today),
  },
  {
    isRelative: true,
    pattern: ranged(`${lead}(last|past|previous|prior|trailing) ${count} ${unit}`),
    read: (match, today) => {
      const size = countOf(match.groups[1]) ?? 1;
      const end = startOf(match.groups[2] as TimeUnit, today);
      return { start: addUnits(match.groups[2] as TimeUnit, -size, end), end };
    },
  },
  {
    isRelative: true,
    pattern: ranged(`${lead}(last|past|previous|prior|this|current) (${timeUnits.join('|')})`),
    read: (match, today) => {
      const unitName = match.groups[1] as TimeUnit;
      const isThis = match.groups[0] === 'this' || match.groups[0] === 'current';
      const start = addUnits(unitName, isThis ? 0 : -1, startOf(unitName, today));
      return { start, end: addUnits(unitName, 1, start) };
    },
  },
  {
    isRelative: true,
    pattern: ranged(`(?:(year|month|quarter|week) to date|(ytd|mtd|qtd|wtd))`),
    read: (match, today) => {
      const letter = match.groups[1]?.charAt(0) ?? match.groups[0]?.charAt(0);
      const unitName = timeUnits.find((name) => name.charAt(0) === letter) ?? 'year';
      return { start: startOf(unitName, today), end: addDays(today, 1) };
    },
  },
  {
    isRelative: true,
    pattern: ranged('today'),
    read: (_match, today) => ({ start: today, end: addDays(today, 1) }),
  },
  {
    isRelative: true,
    pattern: ranged('yesterday'),
    read: (_match, today) => ({ start: addDays(today, -1), end: today }),
  },
];

/** "2022 and 2023" as one range; years that are not adjacent ("2021 and 2023") are no one range. */
function yearsSpan(text: string): DaySpanLike {
  const years = text
    .split(' ')
    .filter((word) => word !== 'and')
    .map(Number)
    .sort((left, right) => left - right);
  const first = years[0];
  const last = years[years.length - 1];
  if (first === undefined || last === undefined || years.some((value, index) => value !== first + index)) {
    return undefined;
  }
  return { start: calendarDate(first, 1), end: calendarDate(last + 1, 1) };
}

type DaySpanLike = Partial<DaySpan> | undefined;

const grainWords = new Map<string, TimeUnit>([
  ['daily', 'day'],
  ['weekly', 'week'],
  ['monthly', 'month'],
  ['quarterly', 'quarter'],
  ['yearly', 'year'],
  ['annually', 'year'],
  ['annual', 'year'],
]);

const grainPatterns: readonly RegExp[] = [
  ranged(`(daily|weekly|monthly|quarterly|yearly|annually|annual)`),
  ranged(`(?:(?:for|in|on) )?(?:by|per|each|every|a|an) ${unit}`),
  ranged(`${unit} (?:by|over|on|to|after) (?:${timeUnits.join('|')})`),
  ranged(`(?:by|per) (date)`),
];
const askedUnitPattern = ranged(`(?:in |on |during )?(?:which|what) ${unit}`);
/** "The slowest month", "the 3 best days", "the month with the most orders": a time grain ranked. */
const rankedUnitPatterns: readonly RegExp[] = [
  ranged(`(?:${rankingWordPattern})(?: ${count})? ${unit}`),
  ranged(`${unit} (?:with|that had|had) the (?:${rankingWordPattern})`),
];
const trendPattern = ranged(
  `(trends?|trending|over time|evolution|timeline|history|historically|time series)`,
);

/** Reads the date range and the time grain of a question and marks their words used. */
export function readTimeIntent(tokens: QuestionTokens, today: CalendarDate): TimeIntent {
  const range = readRange(tokens, today);
  let granularity: TimeUnit | undefined;
  for (const match of tokens.findPhrases(askedUnitPattern)) {
    granularity ??= match.groups[0] as TimeUnit;
    // why: "which" stays free, so the ranking reads as "which <unit>" without a grouping phrase of its own.
    tokens.use({ start: match.end - 1, end: match.end }, 'time');
  }
  for (const pattern of rankedUnitPatterns) {
    for (const match of tokens.findPhrases(pattern)) {
      const unitName = match.groups.find((group) => (timeUnits as readonly string[]).includes(group ?? ''));
      const unitIndex = tokens.tokens.findIndex(
        (token, index) =>
          index >= match.start && index < match.end && token.lower.startsWith(unitName ?? '-'),
      );
      if (unitName === undefined || unitIndex === -1) continue;
      granularity ??= unitName as TimeUnit;
      // why: the ranking words stay free for the ranking; only the unit is the grain.
      tokens.use({ start: unitIndex, end: unitIndex + 1 }, 'time');
    }
  }
  for (const pattern of grainPatterns) {
    for (const match of tokens.findPhrases(pattern)) {
      const word = match.groups[0] ?? '';
      granularity ??= grainWords.get(word) ?? (word === 'date' ? 'day' : (word as TimeUnit));
      tokens.use(match, 'time');
    }
  }
  const trend = tokens.findPhrases(trendPattern);
  for (const match of trend) tokens.use(match, 'time');
  if (granularity === undefined && trend.length > 0) granularity = trendGrain(range);
  return {
    ...(range === undefined ? {} : { range }),
    ...(granularity === undefined ? {} : { granularity }),
  };
}

function readRange(tokens: QuestionTokens, today: CalendarDate): TimeRange | undefined {
  const isYearNamed = namesYear(tokens);
  for (const { pattern, read, isRelative } of rangePatterns) {
    if (isRelative && isYearNamed) continue;
    for (const match of tokens.findPhrases(pattern)) {
      if (isCountNotYear(tokens, match) || isLoneMonth(tokens, match) || isPartOfPeriod(tokens, match)) {
        continue;
      }
      const found = read(match, today);
      if (!found || (found.start === undefined && found.end === undefined)) continue;
      tokens.use(match, 'time');
      const words = tokens.tokens
        .slice(match.start, match.end)
        .map((token) => token.text)
        .join(' ');
      return { ...found, words };
    }
  }
  return undefined;
}

/** `top 2000 customers`: a number after a ranking word is a count, not a year. */
function isCountNotYear(tokens: QuestionTokens, match: PhraseMatch): boolean {
  const previous = tokens.lowerAt(match.start - 1);
  return previous !== undefined && /^(top|bottom|first|best|worst|limit)$/.test(previous);
}

/** A word of the question is a year or a date: "last quarter" then means the last one of that year. */
function namesYear(tokens: QuestionTokens): boolean {
  return tokens.tokens.some(
    (token, index) =>
      /^(?:(?:19|20)\d{2}|\d{4}-\d{2}-\d{2})$/.test(token.lower) &&
      !isCountNotYear(tokens, { start: index, end: index + 1, groups: [] }),
  );
}

/** "The end of 2024" is not all of 2024: without a reading of its own, the period stays unexplained. */
function isPartOfPeriod(tokens: QuestionTokens, match: PhraseMatch): boolean {
  const ofIndex = tokens.lowerAt(match.start) === 'of' ? match.start : match.start - 1;
  if (tokens.lowerAt(ofIndex) !== 'of') return false;
  return /^(?:beginning|start|end|middle|mid|rest)$/.test(tokens.lowerAt(ofIndex - 1) ?? '');
}

/** A month name alone ("may", "march") is a month only with a year or a preposition before it. */
function isLoneMonth(tokens: QuestionTokens, match: PhraseMatch): boolean {
  if (match.end - match.start !== 1) return false;
  return isMonthName(tokens.lowerAt(match.start) ?? '');
}

/** A grain that gives a readable number of points over the range ("trend" with no grain named). */
function trendGrain(range: TimeRange | undefined): TimeUnit {
  if (range?.start === undefined || range.end === undefined) return 'month';
  const days = daysBetween(range.start, range.end);
  if (days <= 31) return 'day';
  if (days <= 190) return 'week';
  if (days <= 1100) return 'month';
  return 'quarter';
}

const periodUnit = /^(?:days?|weeks?|months?|quarters?|years?|halfs?|halves)$/;
const periodQualifier =
  /^(?:last|past|previous|prior|trailing|this|current|next|first|second|third|fourth|1st|2nd|3rd|4th|\d+)$/;

/**
 * Words of a period the time reading left unused: a year or date ("in 2021 and 2023": two ranges are not
 * one), a quarter, or a qualified unit ("last week" beside a year). Answering without them would answer
 * for another period.
 */
export function findUnplacedPeriod(tokens: QuestionTokens): string | undefined {
  for (let index = 0; index < tokens.length; index += 1) {
    const word = tokens.lowerAt(index) ?? '';
    if (!tokens.isFree(index)) continue;
    const isDate = /^(?:(?:19|20)\d{2}|\d{4}-\d{2}-\d{2}|q[1-4]|h[12])$/.test(word);
    const isYear = isDate && !isCountNotYear(tokens, { start: index, end: index + 1, groups: [] });
    const previous = tokens.isFree(index - 1) ? (tokens.lowerAt(index - 1) ?? '') : '';
    const isQualifiedUnit = periodUnit.test(word) && periodQualifier.test(previous);
    if (isYear || /^(?:quarters?|half|halves)$/.test(word)) return tokens.tokens[index]?.text;
    if (isQualifiedUnit) return `${tokens.tokens[index - 1]?.text} ${tokens.tokens[index]?.text}`;
  }
  return undefined;
}
