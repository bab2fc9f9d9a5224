import type { ColumnFormat, ReportPreferences } from '@platform/contract';
import type * as z from 'zod';
import type { WidgetRunResult } from './dashboard-model.js';

type Format = z.output<typeof ColumnFormat>;
type Preferences = z.output<typeof ReportPreferences>;
type Column = WidgetRunResult['schema'][number];

/** The data API may answer numbers as text (as `load` does): numeric columns are read as numbers. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * How the page writes numbers and dates: the browser's locale by default; an embed session's `locale`
 * and `timezone` on the embed page. Dates are rewritten only when a locale or time zone is given.
 */
export interface DisplayFormat {
  locale: string | undefined;
  timeZone: string | undefined;
}

export const browserDisplayFormat: DisplayFormat = { locale: undefined, timeZone: undefined };

function numberFormatOf(format: Format | undefined, locale: string | undefined): Intl.NumberFormat {
  const places = format?.decimalPlaces ?? undefined;
  const digits = places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places };
  switch (format?.type) {
    case 'currency':
      return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', ...digits });
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', ...digits });
    default:
      return new Intl.NumberFormat(locale, digits);
  }
}

/** `2024-03-01T00:00:00.000` (no zone: the query's own wall-clock time) or with `Z`/an offset (an instant). */
const timestampPattern =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A time cell in the display locale. A value without a zone is the warehouse's wall-clock time (the
 * query ran in its time zone): written as it is, never shifted; a value with a zone is an instant,
 * written in the display time zone. Midnight without a zone is a date alone.
 */
export function formatTimeValue(value: unknown, display: DisplayFormat): string {
  if (typeof value !== 'string') return textOf(value);
  const match = timestampPattern.exec(value.trim());
  if (!match) return value;
  const [, date, time, zone] = match;
  const instant = new Date(zone ? value.trim().replace(' ', 'T') : `${date}T${time ?? '00:00'}Z`);
  if (Number.isNaN(instant.getTime())) return value;
  const isDateOnly = !zone && (time === undefined || /^00:00(?::00(?:\.0+)?)?$/.test(time));
  const timeZone = zone ? display.timeZone : 'UTC';
  return new Intl.DateTimeFormat(display.locale, {
    dateStyle: 'medium',
    ...(isDateOnly ? {} : { timeStyle: 'short' }),
    ...(timeZone ? { timeZone } : {}),
  }).format(instant);
}

/**
 * A cell formatter per column: `preferences.columnFormats` for numbers (in the display locale), dates in
 * the display locale and time zone when the page has one, text as it is.
 */
export function cellFormattersOf(
  schema: readonly Column[],
  preferences: Preferences | null | undefined,
  display: DisplayFormat = browserDisplayFormat,
): Record<string, (value: unknown) => string> {
  const formatters: Record<string, (value: unknown) => string> = {};
  const formatsDates = display.locale !== undefined || display.timeZone !== undefined;
  for (const column of schema) {
    const format = preferences?.columnFormats?.[column.name];
    if (column.column_type === 'number' || format) {
      const numberFormat = numberFormatOf(format, display.locale);
      formatters[column.name] = (value) => {
        const number = numberOf(value);
        return number === null ? textOf(value) : numberFormat.format(number);
      };
    } else if (column.column_type === 'time' && formatsDates) {
      formatters[column.name] = (value) => formatTimeValue(value, display);
    } else {
      formatters[column.name] = textOf;
    }
  }
  return formatters;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Rows with numeric columns as numbers (what a chart's quantitative scales need). */
export function chartRowsOf(result: WidgetRunResult): Record<string, unknown>[] {
  const numeric = result.schema
    .filter((column) => column.column_type === 'number')
    .map((column) => column.name);
  if (numeric.length === 0) return result.data;
  return result.data.map((row) => {
    const copy = { ...row };
    for (const name of numeric) if (name in copy) copy[name] = numberOf(copy[name]);
    return copy;
  });
}

/** A CSV cell; a leading = + - @ is neutralised so a spreadsheet does not run it as a formula. */
function csvCell(value: unknown): string {
  let text = textOf(value);
  if (/^[=+\-@\t\r]/.test(text) && numberOf(text) === null) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvOf(result: WidgetRunResult): string {
  const names = result.schema.map((column) => column.name);
  const lines = [names.map(csvCell).join(',')];
  for (const row of result.data) lines.push(names.map((name) => csvCell(row[name])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
