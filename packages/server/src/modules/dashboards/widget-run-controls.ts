import type { QueryFilter, RunReportInput } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';

/** A widget of a stored config, as free-form as the config keeps it. */
type StoredWidget = Record<string, unknown>;

function configOf(widget: StoredWidget): Record<string, unknown> {
  const config = widget.config;
  return config && typeof config === 'object' && !Array.isArray(config)
    ? (config as Record<string, unknown>)
    : {};
}

/** A FILTER or TIME_GRAIN widget acts on the widgets `appliesTo` lists; without the list, on every CHART. */
function appliesTo(control: StoredWidget, target: StoredWidget): boolean {
  const ids = configOf(control).appliesTo;
  if (Array.isArray(ids)) return ids.includes(target.id);
  return target.type === 'CHART';
}

/** Every member a filter names, through its `and`/`or` groups. */
function membersOf(filter: QueryFilter): string[] {
  if ('member' in filter) return [filter.member];
  return ('and' in filter ? filter.and : filter.or).flatMap(membersOf);
}

/**
 * The filters and time grain a widget run may take: what the dashboard's own controls could send to that
 * widget. Each filter's members must be the `config.member` of a FILTER widget applying to it; a time grain
 * needs a TIME_GRAIN widget applying to it (and among its `config.grains`, when it lists them). Anything
 * else is a 400 naming it: a page never sends it, so it is a mistake or someone querying around the page.
 */
export function checkWidgetRunInput(
  widgets: readonly StoredWidget[],
  target: StoredWidget,
  input: RunReportInput | undefined,
  dashboardLabel: string,
): void {
  const controlsOf = (type: string) =>
    widgets.filter((widget) => widget.type === type && appliesTo(widget, target));
  const filterMembers = new Set(controlsOf('FILTER').map((widget) => configOf(widget).member));
  for (const [index, filter] of (input?.filters ?? []).entries()) {
    for (const member of membersOf(filter)) {
      if (filterMembers.has(member)) continue;
      throw new AppError(
        'BAD_REQUEST',
        `filters[${index}]: no FILTER widget of ${dashboardLabel} filters \`${member}\` for widget "${String(target.id)}"`,
      );
    }
  }
  const { timeGrain } = input ?? {};
  if (timeGrain === undefined) return;
  const grainControls = controlsOf('TIME_GRAIN');
  if (grainControls.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      `timeGrain: no TIME_GRAIN widget of ${dashboardLabel} applies to widget "${String(target.id)}"`,
    );
  }
  const offered = grainControls.map((widget) => configOf(widget).grains);
  if (offered.some((grains) => !Array.isArray(grains) || grains.includes(timeGrain))) return;
  throw new AppError(
    'BAD_REQUEST',
    `timeGrain "${timeGrain}" is not one of the grains the TIME_GRAIN widgets of ${dashboardLabel} offer widget "${String(target.id)}" (${[...new Set(offered.flat())].join(', ')})`,
  );
}
