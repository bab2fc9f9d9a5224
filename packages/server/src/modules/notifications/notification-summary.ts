import type { ReportRunResult } from '@platform/contract';
import { escapeHtml } from '../../http/escape-html.js';
import type { NotificationKeyNumber } from './notification-content.js';

/** One CHART widget as the summary shows it: its title, what kind of report it draws, and its run. */
export interface SummaryWidget {
  widgetId: string;
  title: string;
  /** The snapshot's kind (`kpi`, `table`, a chart kind). */
  kind: string;
  outcome:
    | { kind: 'rows'; result: Pick<ReportRunResult, 'schema' | 'data'> }
    | { kind: 'failed'; message: string };
}

export interface DashboardSummary {
  subject: string;
  html: string;
  text: string;
  keyNumbers: NotificationKeyNumber[];
}

/** Rows of a table widget the summary shows; the CSV format carries them all. */
const shownTableRows = 10;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * A key number: a widget whose run is one row with exactly one numeric column (a KPI, or any single
 * total), formatted with thousands separators and at most two decimals.
 */
function keyNumberOf(widget: SummaryWidget): NotificationKeyNumber | null {
  if (widget.outcome.kind !== 'rows') return null;
  const { schema, data } = widget.outcome.result;
  const numeric = schema.filter((column) => column.column_type === 'number');
  const [row] = data;
  if (data.length !== 1 || numeric.length !== 1 || !row) return null;
  const raw = row[(numeric[0] as { name: string }).name];
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) return null;
  return { widgetId: widget.widgetId, title: widget.title, value: numberFormat.format(value) };
}

const font = 'font-family:Arial,Helvetica,sans-serif;color:#1c2430;';
const cellStyle = 'padding:4px 8px;border-bottom:1px solid #e3e7ee;font-size:13px;text-align:left;';

function tableHtml(widget: SummaryWidget): string {
  if (widget.outcome.kind === 'failed') {
    return `<p style="${font}font-size:13px;color:#a12a2a;">${escapeHtml(widget.title)} could not run: ${escapeHtml(widget.outcome.message)}</p>`;
  }
  const { schema, data } = widget.outcome.result;
  const head = schema
    .map((column) => `<th style="${cellStyle}background:#f5f7fa;">${escapeHtml(column.name)}</th>`)
    .join('');
  const body = data
    .slice(0, shownTableRows)
    .map(
      (row) =>
        `<tr>${schema.map((column) => `<td style="${cellStyle}">${escapeHtml(cellText(row[column.name]))}</td>`).join('')}</tr>`,
    )
    .join('');
  const more =
    data.length > shownTableRows
      ? `<p style="${font}font-size:12px;color:#5b6675;">${shownTableRows} of ${data.length} rows shown.</p>`
      : '';
  return `<h3 style="${font}font-size:15px;margin:20px 0 6px;">${escapeHtml(widget.title)}</h3><table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;${font}">${`<tr>${head}</tr>`}${body}</table>${more}`;
}

/** What an embed user reads instead of a link: they open dashboards in the application that embeds them. */
const openInHostApplication = 'Open the dashboard in the application where you usually see it.';

/**
 * The e-mail-safe summary of a dashboard for one viewer: its title, the key numbers, a table of the
 * first rows of each table widget, and a link to the dashboard; inline styles and tables for layout, no
 * script, no image. Also the plain-text version and the subject.
 */
export function summaryOf(input: {
  notificationName: string;
  dashboardTitle: string;
  dashboardUrl: string | null;
  widgets: readonly SummaryWidget[];
}): DashboardSummary {
  const { notificationName, dashboardTitle, dashboardUrl, widgets } = input;
  const keyNumbers = widgets.flatMap((widget) => keyNumberOf(widget) ?? []);
  const tables = widgets.filter((widget) => widget.kind === 'table');
  const numbersHtml = keyNumbers
    .map(
      (number) =>
        `<td style="padding:12px 16px;border:1px solid #e3e7ee;${font}"><div style="font-size:12px;color:#5b6675;">${escapeHtml(number.title)}</div><div style="font-size:24px;font-weight:bold;">${escapeHtml(number.value)}</div></td>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:0;background:#ffffff;">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${font}"><tr><td style="padding:16px;">`,
    `<h1 style="${font}font-size:20px;margin:0 0 4px;">${escapeHtml(dashboardTitle)}</h1>`,
    `<p style="${font}font-size:13px;color:#5b6675;margin:0 0 16px;">${escapeHtml(notificationName)}</p>`,
    keyNumbers.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="8" style="border-collapse:separate;"><tr>${numbersHtml}</tr></table>`
      : '',
    tables.map(tableHtml).join(''),
    dashboardUrl === null
      ? `<p style="${font}font-size:14px;margin:20px 0 0;">${openInHostApplication}</p>`
      : `<p style="${font}font-size:14px;margin:20px 0 0;"><a href="${escapeHtml(dashboardUrl)}" style="color:#2456c9;">Open ${escapeHtml(dashboardTitle)}</a></p>`,
    '</td></tr></table></body></html>',
  ].join('');
  const textLines = [dashboardTitle, notificationName, ''];
  for (const number of keyNumbers) textLines.push(`${number.title}: ${number.value}`);
  for (const widget of tables) {
    textLines.push('', widget.title);
    if (widget.outcome.kind === 'failed') {
      textLines.push(`could not run: ${widget.outcome.message}`);
      continue;
    }
    const { schema, data } = widget.outcome.result;
    textLines.push(schema.map((column) => column.name).join(' | '));
    for (const row of data.slice(0, shownTableRows)) {
      textLines.push(schema.map((column) => cellText(row[column.name])).join(' | '));
    }
    if (data.length > shownTableRows) textLines.push(`(${shownTableRows} of ${data.length} rows shown)`);
  }
  textLines.push('', dashboardUrl === null ? openInHostApplication : `Open the dashboard: ${dashboardUrl}`);
  return {
    subject: `${notificationName}: ${dashboardTitle}`,
    html,
    text: `${textLines.join('\n')}\n`,
    keyNumbers,
  };
}
