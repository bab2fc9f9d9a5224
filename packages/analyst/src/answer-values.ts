const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const naiveTime = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
const zonedTime = /(?:Z|[+-]\d{2}:?\d{2})$/;

interface WallTime {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
}

/** A result's time as wall-clock parts: naive times are already local, instants are moved into the zone. */
function wallTimeOf(text: string, timezone: string): WallTime | undefined {
  if (zonedTime.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return undefined;
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '00';
    return {
      year: part('year'),
      month: part('month'),
      day: part('day'),
      hour: part('hour'),
      minute: part('minute'),
    };
  }
  const match = naiveTime.exec(text);
  if (!match) return undefined;
  const [, year = '', month = '', day = '', hour = '00', minute = '00'] = match;
  return { year, month, day, hour, minute };
}

/** A time value as a person reads it at its grain: "March 2024", "Q1 2024", "week of 2024-03-04". */
export function formatTime(value: unknown, granularity: string | undefined, timezone: string): string {
  if (value === null || value === undefined) return '(no date)';
  if (typeof value !== 'string') return formatValue(value);
  const wall = wallTimeOf(value, timezone);
  if (wall === undefined) return value;
  const date = `${wall.year}-${wall.month}-${wall.day}`;
  switch (granularity) {
    case 'year':
      return wall.year;
    case 'quarter':
      return `Q${Math.floor((Number(wall.month) - 1) / 3) + 1} ${wall.year}`;
    case 'month':
      return `${monthNames[Number(wall.month) - 1] ?? wall.month} ${wall.year}`;
    case 'week':
      return `week of ${date}`;
    case 'day':
      return date;
    default:
      return wall.hour === '00' && wall.minute === '00' ? date : `${date} ${wall.hour}:${wall.minute}`;
  }
}

/** Answers format numbers for this locale unless the caller names another. */
export const defaultAnswerLocale = 'en-US';

interface NumberFormats {
  readonly whole: Intl.NumberFormat;
  readonly small: Intl.NumberFormat;
}

// Building a formatter costs far more than using one; an account's answers use one or two locales.
const formatsByLocale = new Map<string, NumberFormats>();

function numberFormatsOf(locale: string): NumberFormats {
  let formats = formatsByLocale.get(locale);
  if (formats === undefined) {
    formats = {
      whole: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
      small: new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }),
    };
    formatsByLocale.set(locale, formats);
  }
  return formats;
}

/**
 * Numbers with the locale's grouping and decimal marks ("1,234.5" in en-US, "1.234,5" in de-DE), at
 * most two decimals (three significant digits below one).
 */
export function formatNumber(value: number, locale: string = defaultAnswerLocale): string {
  if (!Number.isFinite(value)) return String(value);
  const formats = numberFormatsOf(locale);
  return Math.abs(value) < 1 && value !== 0 ? formats.small.format(value) : formats.whole.format(value);
}

export function formatValue(value: unknown, locale: string = defaultAnswerLocale): string {
  if (value === null || value === undefined) return 'no value';
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    return /^-?\d+(\.\d+)?$/.test(value) && Number.isSafeInteger(Math.trunc(Number(value)))
      ? formatNumber(Number(value), locale)
      : value;
  }
  return JSON.stringify(value);
}

/** A label of a row's group value; an empty group is named, not left blank. */
export function formatLabel(value: unknown, locale: string = defaultAnswerLocale): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : formatValue(value, locale);
}
