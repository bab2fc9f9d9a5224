import type { QueryFilter } from '@platform/contract';
import type { ControlValues, TimeGrain } from '../dashboards/dashboard-model.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The control values a notification renders the dashboard with (`#render=<json>` in the fragment:
 * `{filters: {widgetId: QueryFilter}, timeGrains: {widgetId: grain}}`, as the server computed them from
 * the notification's filters and time grains). Anything unreadable renders the dashboard's defaults:
 * the server checks every run input anyway.
 */
export function renderControlValuesOf(hash: string): Partial<ControlValues> {
  const text = new URLSearchParams(hash.replace(/^#/, '')).get('render');
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  const filters = isRecord(parsed.filters) ? (parsed.filters as Record<string, QueryFilter | null>) : {};
  const timeGrains = isRecord(parsed.timeGrains)
    ? (parsed.timeGrains as Record<string, TimeGrain | null>)
    : {};
  return { filters, timeGrains };
}

/** What is still running on the page: a widget run, or a chart being drawn. */
const busySelector = '[data-run-state="loading"], [data-chart-state="drawing"]';

/**
 * Whether every widget of the rendered dashboard has loaded (or failed) and every chart is drawn: the
 * grid is on the page with each CHART widget's run (or its "names no report") in it, and nothing runs.
 */
export function isDashboardSettled(root: ParentNode): boolean {
  // An APP dashboard is not drawn embedded: its note is all there is to print.
  if (root.querySelector('[data-embed-app="unsupported"]')) return true;
  if (!root.querySelector('.dashboard-grid .react-grid-layout')) return false;
  const charts = root.querySelectorAll('[data-widget-type="CHART"]');
  for (const chart of charts) {
    if (!chart.querySelector('[data-run-state]') && !chart.querySelector('.muted')) return false;
  }
  return root.querySelector(busySelector) === null;
}
