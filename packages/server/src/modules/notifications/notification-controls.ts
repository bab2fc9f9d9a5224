import type * as contract from '@platform/contract';
import { type QueryFilterOperator, queryFilterOperators } from '@platform/contract';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';

type NotificationFilter = z.infer<typeof contract.NotificationFilter>;
type NotificationTimeGrain = z.infer<typeof contract.NotificationTimeGrain>;

/** A widget of a published config, as free-form as the config keeps it. */
type StoredWidget = Record<string, unknown>;

function configOf(widget: StoredWidget): Record<string, unknown> {
  const config = widget.config;
  return config && typeof config === 'object' && !Array.isArray(config)
    ? (config as Record<string, unknown>)
    : {};
}

/** Operators that take no value, exactly two (a date range), or exactly one; the others take one or more. */
const noValueOperators: ReadonlySet<QueryFilterOperator> = new Set(['set', 'notSet']);
const rangeOperators: ReadonlySet<QueryFilterOperator> = new Set(['inDateRange', 'notInDateRange']);
const oneValueOperators: ReadonlySet<QueryFilterOperator> = new Set([
  'gt',
  'gte',
  'lt',
  'lte',
  'onTheDate',
  'beforeDate',
  'beforeOrOnDate',
  'afterDate',
  'afterOrOnDate',
]);

function valueCountError(operator: QueryFilterOperator, count: number): string | null {
  if (noValueOperators.has(operator)) return count === 0 ? null : 'takes no values';
  if (rangeOperators.has(operator)) return count === 2 ? null : 'takes two values (from and to)';
  if (oneValueOperators.has(operator)) return count === 1 ? null : 'takes one value';
  if (operator === 'measureFilter') return 'is not a filter a FILTER widget applies';
  return count > 0 ? null : 'takes at least one value';
}

/** The operator a FILTER widget applies (its config is free-form: one it does not name well is `equals`). */
function widgetOperatorOf(config: Record<string, unknown>): QueryFilterOperator {
  const operator = config.operator;
  return (queryFilterOperators as readonly unknown[]).includes(operator)
    ? (operator as QueryFilterOperator)
    : 'equals';
}

function widgetOfType(
  widgets: readonly StoredWidget[],
  widgetId: string,
  type: 'FILTER' | 'TIME_GRAIN',
  field: string,
  dashboardLabel: string,
): StoredWidget {
  const widget = widgets.find((candidate) => candidate.id === widgetId);
  if (!widget) {
    throw new AppError('BAD_REQUEST', `${field}: ${dashboardLabel} has no widget "${widgetId}"`);
  }
  if (widget.type !== type) {
    throw new AppError(
      'BAD_REQUEST',
      `${field}: widget "${widgetId}" of ${dashboardLabel} is a ${String(widget.type)} widget, not ${type}`,
    );
  }
  return widget;
}

/**
 * The notification's filters, checked against the FILTER widgets of the dashboard's published config (the
 * widget must be there and filter a member; the values must fit the operator), each with its operator
 * made explicit (the widget's own, else `equals`), so a delivery applies what was checked.
 */
export function checkedFilters(
  widgets: readonly StoredWidget[],
  filters: readonly NotificationFilter[],
  dashboardLabel: string,
): NotificationFilter[] {
  const seen = new Set<string>();
  return filters.map((filter, index) => {
    const field = `filters[${index}]`;
    const widget = widgetOfType(widgets, filter.widgetId, 'FILTER', field, dashboardLabel);
    if (seen.has(filter.widgetId)) {
      throw new AppError('BAD_REQUEST', `${field}: widget "${filter.widgetId}" is filtered twice`);
    }
    seen.add(filter.widgetId);
    const config = configOf(widget);
    if (typeof config.member !== 'string') {
      throw new AppError(
        'BAD_REQUEST',
        `${field}: FILTER widget "${filter.widgetId}" of ${dashboardLabel} names no member to filter`,
      );
    }
    const operator = filter.operator ?? widgetOperatorOf(config);
    const problem = valueCountError(operator, filter.values.length);
    if (problem) {
      throw new AppError(
        'BAD_REQUEST',
        `${field}: the operator ${operator} of widget "${filter.widgetId}" ${problem} (${filter.values.length} given)`,
      );
    }
    return { widgetId: filter.widgetId, operator, values: filter.values };
  });
}

/** The notification's time grains, each naming a TIME_GRAIN widget and a grain it offers (its `grains`). */
export function checkedTimeGrains(
  widgets: readonly StoredWidget[],
  timeGrains: readonly NotificationTimeGrain[],
  dashboardLabel: string,
): NotificationTimeGrain[] {
  const seen = new Set<string>();
  return timeGrains.map((timeGrain, index) => {
    const field = `timeGrains[${index}]`;
    const widget = widgetOfType(widgets, timeGrain.widgetId, 'TIME_GRAIN', field, dashboardLabel);
    if (seen.has(timeGrain.widgetId)) {
      throw new AppError('BAD_REQUEST', `${field}: widget "${timeGrain.widgetId}" is given twice`);
    }
    seen.add(timeGrain.widgetId);
    const offered = configOf(widget).grains;
    if (Array.isArray(offered) && !offered.includes(timeGrain.grain)) {
      throw new AppError(
        'BAD_REQUEST',
        `${field}: TIME_GRAIN widget "${timeGrain.widgetId}" offers ${offered.join(', ')}, not ${timeGrain.grain}`,
      );
    }
    return { widgetId: timeGrain.widgetId, grain: timeGrain.grain };
  });
}
