import type {
  NotificationFilter,
  NotificationTimeGrain,
  QueryFilter,
  RunReportInput,
} from '@platform/contract';
import type * as z from 'zod';

type StoredWidget = Record<string, unknown>;
type TimeGrain = NonNullable<RunReportInput['timeGrain']>;

/** What the dashboard's controls hold for a render: a filter per FILTER widget, a grain per TIME_GRAIN widget. */
export interface RenderControlValues {
  filters: Record<string, QueryFilter>;
  timeGrains: Record<string, TimeGrain>;
}

function configOf(widget: StoredWidget): Record<string, unknown> {
  const config = widget.config;
  return config && typeof config === 'object' && !Array.isArray(config)
    ? (config as Record<string, unknown>)
    : {};
}

/**
 * The notification's filters and time grains as the web page's controls would hold them: a FILTER
 * widget's value becomes `{member: its member, operator: the notification's or the widget's (else
 * equals), values}`; a TIME_GRAIN widget starts at its own `grain` unless the notification names one.
 * Values for widgets the dashboard no longer has are left out (the notification was checked on save).
 */
export function renderControlValuesOf(
  widgets: readonly StoredWidget[],
  filters: ReadonlyArray<z.infer<typeof NotificationFilter>> | null,
  timeGrains: ReadonlyArray<z.infer<typeof NotificationTimeGrain>> | null,
): RenderControlValues {
  const values: RenderControlValues = { filters: {}, timeGrains: {} };
  for (const widget of widgets) {
    if (widget.type === 'TIME_GRAIN' && typeof configOf(widget).grain === 'string') {
      values.timeGrains[String(widget.id)] = configOf(widget).grain as TimeGrain;
    }
  }
  for (const filter of filters ?? []) {
    const widget = widgets.find((candidate) => candidate.id === filter.widgetId);
    const member = widget?.type === 'FILTER' ? configOf(widget).member : undefined;
    if (typeof member !== 'string' || filter.values.length === 0) continue;
    const own = configOf(widget as StoredWidget).operator;
    const operator = (filter.operator ?? (typeof own === 'string' ? own : 'equals')) as Extract<
      QueryFilter,
      { member: string }
    >['operator'];
    values.filters[filter.widgetId] = { member, operator, values: [...filter.values] };
  }
  for (const grain of timeGrains ?? []) {
    const widget = widgets.find((candidate) => candidate.id === grain.widgetId);
    if (widget?.type === 'TIME_GRAIN') values.timeGrains[grain.widgetId] = grain.grain as TimeGrain;
  }
  return values;
}

/** A FILTER or TIME_GRAIN widget acts on the widgets `appliesTo` lists; without the list, on every chart. */
function appliesTo(control: StoredWidget, chartId: string): boolean {
  const ids = configOf(control).appliesTo;
  return Array.isArray(ids) ? ids.includes(chartId) : true;
}

/** One CHART widget's run input: the filters and the grain of the controls that apply to it (as the page). */
export function runInputOf(
  widgets: readonly StoredWidget[],
  values: RenderControlValues,
  chartId: string,
): RunReportInput {
  const filters: QueryFilter[] = [];
  let timeGrain: TimeGrain | undefined;
  for (const widget of widgets) {
    const id = String(widget.id);
    const filter = values.filters[id];
    if (widget.type === 'FILTER' && filter && appliesTo(widget, chartId)) filters.push(filter);
    const grain = values.timeGrains[id];
    if (widget.type === 'TIME_GRAIN' && grain && appliesTo(widget, chartId)) timeGrain = grain;
  }
  return { ...(filters.length > 0 ? { filters } : {}), ...(timeGrain ? { timeGrain } : {}) };
}
