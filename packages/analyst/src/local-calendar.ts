import type { TimeUnit } from './analyst-vocabulary.js';

/** A day on the wall calendar of the question's time zone, with no time and no offset. */
export interface CalendarDate {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
}

const dayMilliseconds = 86_400_000;

function fromUtc(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function toUtc(date: CalendarDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

/** Today in the time zone at the instant `now`; an unknown zone name throws a RangeError. */
export function todayIn(now: Date, timezone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

export function calendarDate(year: number, month: number, day = 1): CalendarDate {
  return fromUtc(new Date(Date.UTC(year, month - 1, day)));
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * dayMilliseconds));
}

export function addUnits(unit: TimeUnit, amount: number, date: CalendarDate): CalendarDate {
  switch (unit) {
    case 'day':
      return addDays(date, amount);
    case 'week':
      return addDays(date, amount * 7);
    case 'month':
      return calendarDate(date.year, date.month + amount, date.day);
    case 'quarter':
      return calendarDate(date.year, date.month + amount * 3, date.day);
    case 'year':
      return calendarDate(date.year + amount, date.month, date.day);
  }
}

/** The first day of the unit holding `date`; weeks start on Monday, as DATE_TRUNC('week') does. */
export function startOf(unit: TimeUnit, date: CalendarDate): CalendarDate {
  switch (unit) {
    case 'day':
      return date;
    case 'week': {
      const weekday = (toUtc(date).getUTCDay() + 6) % 7;
      return addDays(date, -weekday);
    }
    case 'month':
      return calendarDate(date.year, date.month);
    case 'quarter':
      return calendarDate(date.year, date.month - ((date.month - 1) % 3));
    case 'year':
      return calendarDate(date.year, 1);
  }
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / dayMilliseconds);
}

export function compareDates(left: CalendarDate, right: CalendarDate): number {
  return daysBetween(right, left);
}

export function formatDate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** `YYYY-MM-DD` when it names a real day. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return formatDate(date) === text ? date : undefined;
}
