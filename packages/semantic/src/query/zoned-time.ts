import { SemanticQueryError } from './semantic-query-error.js';

/**
 * Wall-clock times are held in `Date` objects whose UTC fields are the local fields ("naive" times):
 * calendar arithmetic on them is plain UTC arithmetic and never meets a daylight-saving gap.
 */
export type CalendarUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The canonical IANA name of a time zone; a SemanticQueryError when it is not one. */
export function canonicalTimezone(timezone: string): string {
  try {
    return formatterFor(timezone).resolvedOptions().timeZone;
  } catch {
    throw new SemanticQueryError(
      `timezone \`${timezone}\` is not an IANA time zone name such as Europe/Paris`,
    );
  }
}

const utcNames = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']);

export function isUtc(timezone: string): boolean {
  return utcNames.has(timezone);
}

const firstInstantOfYearOne = Date.parse('0001-01-01T00:00:00.000Z');

/** The wall-clock time of an instant in a time zone, as a naive time. */
export function wallClock(instant: Date, timezone: string): Date {
  // why: Intl throws on an invalid instant and writes years before 1 as era years (1 BC reads as 1);
  // an invalid naive time lets the date-range checks refuse it with a query error instead.
  if (!(instant.getTime() >= firstInstantOfYearOne)) return new Date(Number.NaN);
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return new Date(
    Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
      instant.getUTCMilliseconds(),
    ),
  );
}

/** `YYYY-MM-DDTHH:MM:SS.mmm`, the form bound parameters and timestamp literals use. */
export function formatNaive(naive: Date): string {
  return naive.toISOString().slice(0, 23);
}

export function startOf(unit: CalendarUnit, naive: Date): Date {
  const year = naive.getUTCFullYear();
  const month = naive.getUTCMonth();
  const day = naive.getUTCDate();
  switch (unit) {
    case 'second':
      return new Date(Math.floor(naive.getTime() / 1000) * 1000);
    case 'minute':
      return new Date(Date.UTC(year, month, day, naive.getUTCHours(), naive.getUTCMinutes()));
    case 'hour':
      return new Date(Date.UTC(year, month, day, naive.getUTCHours()));
    case 'day':
      return new Date(Date.UTC(year, month, day));
    case 'week':
      // why: weeks start on Monday (ISO), as date_trunc('week') does in both dialects.
      return new Date(Date.UTC(year, month, day - ((naive.getUTCDay() + 6) % 7)));
    case 'month':
      return new Date(Date.UTC(year, month, 1));
    case 'quarter':
      return new Date(Date.UTC(year, month - (month % 3), 1));
    case 'year':
      return new Date(Date.UTC(year, 0, 1));
  }
}

const fixedMilliseconds: Partial<Record<CalendarUnit, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** Adds whole units; months clamp to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addUnits(unit: CalendarUnit, amount: number, naive: Date): Date {
  const fixed = fixedMilliseconds[unit];
  if (fixed !== undefined) return new Date(naive.getTime() + amount * fixed);
  const months = unit === 'month' ? amount : unit === 'quarter' ? amount * 3 : amount * 12;
  return addMonths(naive, months);
}

export function addMonths(naive: Date, months: number): Date {
  const target = new Date(naive.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const absolutePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A written date or date-time, as a naive time in `timezone`; undefined when it is not one. */
export function parseAbsoluteTime(
  text: string,
  timezone: string,
): { readonly naive: Date; readonly hasTime: boolean } | undefined {
  const match = absolutePattern.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const milliseconds = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  // why: setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const naive = new Date(0);
  naive.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  naive.setUTCHours(Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0), milliseconds);
  const isValid =
    naive.getUTCFullYear() === Number(year) &&
    naive.getUTCMonth() === Number(month) - 1 &&
    naive.getUTCDate() === Number(day) &&
    Number(hour ?? 0) < 24 &&
    Number(minute ?? 0) < 60 &&
    Number(second ?? 0) < 60;
  if (!isValid) return undefined;
  if (zone === undefined) return { naive, hasTime: hour !== undefined };
  // why: an explicit offset names an instant; the query sees it on its own wall clock.
  const offsetMinutes = zone.toUpperCase() === 'Z' ? 0 : zoneOffsetMinutes(zone);
  const instant = new Date(naive.getTime() - offsetMinutes * 60_000);
  return { naive: wallClock(instant, timezone), hasTime: true };
}

function zoneOffsetMinutes(zone: string): number {
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}
