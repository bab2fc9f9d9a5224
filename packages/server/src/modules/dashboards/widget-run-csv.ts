import type { ReportRunResult } from '@platform/contract';

/** A cell a spreadsheet would read as a formula: it starts with one of these (OWASP's CSV injection list). */
const formulaStart = /^[=+\-@\t\r]/;
/** A plain number (`-12.5`, `1e-3`) is data, not a formula: it is left as it is. */
const plainNumber = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A cell that must be quoted (RFC 4180): it holds a comma, a quote or a line break. */
const needsQuotes = /[",\r\n]/;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One cell: guarded against formula injection (a leading `'`), then quoted when it must be. */
export function csvCell(value: unknown): string {
  let text = textOf(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A run's rows as CSV (RFC 4180: CRLF line ends, a header line of the column names). */
export function csvOfRun(result: Pick<ReportRunResult, 'schema' | 'data'>): string {
  const names = result.schema.map((column) => column.name);
  const lines = [names.map(csvCell).join(',')];
  for (const row of result.data) lines.push(names.map((name) => csvCell(row[name])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
