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

function numberFormatOf(format: Format | undefined): Intl.NumberFormat {
  const places = format?.decimalPlaces ?? undefined;
  const digits = places === undefined ? {} : { minimumFractionDigits: places, maximumFractionDigits: places };
  switch (format?.type) {
    case 'currency':
      return new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', ...digits });
    case 'percent':
      return new Intl.NumberFormat(undefined, { style: 'percent', ...digits });
    default:
      return new Intl.NumberFormat(undefined, digits);
  }
}

/** A cell formatter per column: `preferences.columnFormats` for numbers, text as it is. */
export function cellFormattersOf(
  schema: readonly Column[],
  preferences: Preferences | null | undefined,
): Record<string, (value: unknown) => string> {
  const formatters: Record<string, (value: unknown) => string> = {};
  for (const column of schema) {
    const format = preferences?.columnFormats?.[column.name];
    if (column.column_type === 'number' || format) {
      const numberFormat = numberFormatOf(format);
      formatters[column.name] = (value) => {
        const number = numberOf(value);
        return number === null ? textOf(value) : numberFormat.format(number);
      };
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
