import { countOf, numberWords, type TimeUnit, timeUnits } from './analyst-vocabulary.js';
import { addDays, addUnits, type CalendarDate, daysBetween, startOf } from './local-calendar.js';
import type { PhraseMatch, QuestionTokens } from './question-tokens.js';
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

const rangePatterns: readonly {
  pattern: RegExp;
  read: (match: PhraseMatch, today: CalendarDate) => DaySpanLike;
}[] = [
  {
    pattern: ranged(`(?:between|from) ${point} (?:and|to|until|till|through) ${point}`),
    read: (match, today) => parseTimeInterval(match.groups[0] ?? '', match.groups[1] ?? '', today),
  },
  {
    pattern: ranged(`${lead}(last|past|previous|prior|trailing) ${count} ${unit}`),
    read: (match, today) => {
      const size = countOf(match.groups[1]) ?? 1;
      const end = startOf(match.groups[2] as TimeUnit, today);
      return { start: addUnits(match.groups[2] as TimeUnit, -size, end), end };
    },
  },
  {
    pattern: ranged(`${lead}(last|past|previous|prior|this|current) (${timeUnits.join('|')})`),
    read: (match, today) => {
      const unitName = match.groups[1] as TimeUnit;
      const isThis = match.groups[0] === 'this' || match.groups[0] === 'current';
      const start = addUnits(unitName, isThis ? 0 : -1, startOf(unitName, today));
      return { start, end: addUnits(unitName, 1, start) };
    },
  },
  {
    pattern: ranged(`(?:(year|month|quarter|week) to date|(ytd|mtd|qtd|wtd))`),
    read: (match, today) => {
      const letter = match.groups[1]?.charAt(0) ?? match.groups[0]?.charAt(0);
      const unitName = timeUnits.find((name) => name.charAt(0) === letter) ?? 'year';
      return { start: startOf(unitName, today), end: addDays(today, 1) };
    },
  },
  { pattern: ranged('today'), read: (_match, today) => ({ start: today, end: addDays(today, 1) }) },
  { pattern: ranged('yesterday'), read: (_match, today) => ({ start: addDays(today, -1), end: today }) },
  {
    pattern: ranged(`(since|after|from) ${point}`),
    read: (match, today) => {
      const found = parseTimePoint(match.groups[1] ?? '', today);
      return found && { start: match.groups[0] === 'after' ? found.end : found.start };
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
];

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
  for (const { pattern, read } of rangePatterns) {
    for (const match of tokens.findPhrases(pattern)) {
      if (isCountNotYear(tokens, match) || isLoneMonth(tokens, match)) continue;
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
