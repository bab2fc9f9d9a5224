import { addMonths } from './zoned-time.js';

/** An interval as written in a model (`2 weeks`, `1 year 6 months`, `-1 day`), split into its two kinds. */
export interface CalendarInterval {
  readonly months: number;
  readonly milliseconds: number;
  /** True when written in weeks only, which aligns default origins to a Monday (as Cube does). */
  readonly isWeeksOnly: boolean;
}

const monthsPerUnit: Readonly<Record<string, number>> = { month: 1, quarter: 3, year: 12 };
const millisecondsPerUnit: Readonly<Record<string, number>> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

const termPattern = /^([+-]?\d+(?:\.\d+)?)\s*([a-z]+?)s?$/;

/** Undefined when the text is not a sequence of `<number> <unit>` terms. */
export function parseInterval(text: string): CalendarInterval | undefined {
  const words = text.trim().toLowerCase().split(/\s+/);
  if (words.length === 0 || words.length % 2 !== 0) return undefined;
  let months = 0;
  let milliseconds = 0;
  const units = new Set<string>();
  for (let index = 0; index < words.length; index += 2) {
    const match = termPattern.exec(`${words[index]} ${words[index + 1]}`.replace(' ', ''));
    if (!match) return undefined;
    const amount = Number(match[1]);
    const unit = match[2] ?? '';
    units.add(unit);
    if (unit in monthsPerUnit) {
      if (!Number.isInteger(amount)) return undefined;
      months += amount * (monthsPerUnit[unit] ?? 0);
    } else if (unit in millisecondsPerUnit) {
      milliseconds += amount * (millisecondsPerUnit[unit] ?? 0);
    } else {
      return undefined;
    }
  }
  return { months, milliseconds, isWeeksOnly: units.size === 1 && units.has('week') };
}

/** `naive` moved by an interval: months first (clamped to month ends), then the fixed part. */
export function addInterval(naive: Date, interval: CalendarInterval): Date {
  return new Date(addMonths(naive, interval.months).getTime() + interval.milliseconds);
}
