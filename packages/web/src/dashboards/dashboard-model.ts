import type {
  DashboardWidget,
  QueryFilter,
  QueryFilterOperator,
  ReportSnapshot,
  RunReportInput,
} from '@platform/contract';
import type { OperationOutput } from '../api/api-client.js';

export type Dashboard = OperationOutput<'getDashboardByPublicId'>;
export type WidgetRunResult = OperationOutput<'runDashboardWidget'>;
export type TimeGrain = NonNullable<RunReportInput['timeGrain']>;

export const timeGrains: readonly TimeGrain[] = ['day', 'week', 'month', 'quarter', 'year'];
const allTimeGrains: ReadonlySet<string> = new Set([
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
]);

/** A widget as the page reads it: the published config was validated on publish. */
export type Widget = DashboardWidget;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function widgetsOf(dashboard: Dashboard): Widget[] {
  return dashboard.config.widgets.filter(
    (widget): widget is Widget =>
      typeof widget.id === 'string' && typeof widget.type === 'string' && isRecord(widget.position),
  );
}

export function configOf(widget: Widget): Record<string, unknown> {
  return isRecord(widget.config) ? widget.config : {};
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The report snapshot a CHART widget shows, if its `reportId` was frozen on publish. */
export function snapshotOf(dashboard: Dashboard, widget: Widget): ReportSnapshot | null {
  const reportId = configOf(widget).reportId;
  return dashboard.reportSnapshots.find((snapshot) => snapshot.reportId === reportId) ?? null;
}

export function titleOf(dashboard: Dashboard, widget: Widget): string | null {
  const own = textOf(configOf(widget).title);
  if (own) return own;
  if (widget.type !== 'CHART') return null;
  const snapshot = snapshotOf(dashboard, widget);
  return snapshot ? (snapshot.title ?? snapshot.name ?? null) : null;
}

/** A FILTER widget's config `{member, values?, operator?, appliesTo?}`. */
export interface FilterControl {
  member: string;
  operator: QueryFilterOperator;
  values: string[] | null;
  appliesTo: string[] | null;
}

/** A TIME_GRAIN widget's config `{grain?, grains?, appliesTo?}`. */
export interface TimeGrainControl {
  grain: TimeGrain | null;
  grains: TimeGrain[];
  appliesTo: string[] | null;
}

function idsOf(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;
}

export function filterControlOf(widget: Widget): FilterControl | null {
  const config = configOf(widget);
  const member = textOf(config.member);
  if (!member) return null;
  return {
    member,
    operator: (textOf(config.operator) ?? 'equals') as QueryFilterOperator,
    values: Array.isArray(config.values)
      ? config.values.filter((value) => ['string', 'number', 'boolean'].includes(typeof value)).map(String)
      : null,
    appliesTo: idsOf(config.appliesTo),
  };
}

function isTimeGrain(value: unknown): value is TimeGrain {
  return typeof value === 'string' && allTimeGrains.has(value);
}

export function timeGrainControlOf(widget: Widget): TimeGrainControl {
  const config = configOf(widget);
  const grains = Array.isArray(config.grains) ? config.grains.filter(isTimeGrain) : [];
  return {
    grain: isTimeGrain(config.grain) ? config.grain : null,
    grains: grains.length > 0 ? grains : [...timeGrains],
    appliesTo: idsOf(config.appliesTo),
  };
}

/** What the page's controls hold: a filter (or none) per FILTER widget, a grain per TIME_GRAIN widget. */
export interface ControlValues {
  filters: Readonly<Record<string, QueryFilter | null>>;
  timeGrains: Readonly<Record<string, TimeGrain | null>>;
}

export function initialControlValues(widgets: readonly Widget[]): ControlValues {
  const timeGrainValues: Record<string, TimeGrain | null> = {};
  for (const widget of widgets) {
    if (widget.type === 'TIME_GRAIN') timeGrainValues[widget.id] = timeGrainControlOf(widget).grain;
  }
  return { filters: {}, timeGrains: timeGrainValues };
}

function appliesTo(control: { appliesTo: string[] | null }, widgetId: string): boolean {
  return control.appliesTo === null || control.appliesTo.includes(widgetId);
}

/** The run input of one CHART widget: the filters and the time grain of the controls that apply to it. */
export function runInputOf(
  widgets: readonly Widget[],
  values: ControlValues,
  chartId: string,
): RunReportInput {
  const filters: QueryFilter[] = [];
  let timeGrain: TimeGrain | undefined;
  for (const widget of widgets) {
    if (widget.type === 'FILTER') {
      const control = filterControlOf(widget);
      const filter = values.filters[widget.id];
      if (control && filter && appliesTo(control, chartId)) filters.push(filter);
    }
    if (widget.type === 'TIME_GRAIN') {
      const grain = values.timeGrains[widget.id];
      if (grain && appliesTo(timeGrainControlOf(widget), chartId)) timeGrain = grain;
    }
  }
  return { ...(filters.length > 0 ? { filters } : {}), ...(timeGrain ? { timeGrain } : {}) };
}
