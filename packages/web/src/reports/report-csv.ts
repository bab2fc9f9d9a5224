import type { OperationOutput } from '../api/api-client.js';

export type ReportRunResult = OperationOutput<'runReport'>;

/** A cell as text: null and undefined are empty, objects JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading apostrophe; numbers stay numbers.
 */
function spreadsheetSafe(value: unknown, text: string): string {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The run's rows as RFC 4180 CSV: a header of the column names, then one line per row, CRLF-separated. */
export function toCsv(result: ReportRunResult): string {
  const names = result.schema.map((column) => column.name);
  const lines = [names.map(csvField).join(',')];
  for (const row of result.data) {
    lines.push(names.map((name) => csvField(spreadsheetSafe(row[name], cellText(row[name])))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name from the report's name: letters, digits, dashes. */
export function csvFileName(reportName: string): string {
  const base = reportName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'report'}.csv`;
}

/** Saves text as a download through a temporary object URL (no server round trip: the rows are here). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by the time click() returns; revoke on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
