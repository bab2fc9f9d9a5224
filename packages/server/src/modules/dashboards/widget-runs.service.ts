import {
  FillMissingRows,
  PeriodComparison,
  type ReportRunResult,
  type ReportSnapshot,
  type RunReportInput,
  SemanticQuery,
} from '@platform/contract';
import * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { DataApiServices } from '../data-api/data-api.module.js';
import type { ReportDefinition } from '../data-api/report-query.service.js';
import type { Principal } from '../identity/principal.js';
import type { DashboardsService } from './dashboards.service.js';

/** A frozen field that does not fit its schema is a 400 naming the snapshot's report. */
function parseFrozen<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  snapshot: ReportSnapshot,
  field: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'BAD_REQUEST',
    `the snapshot of report ${snapshot.reportId} has an invalid ${field}: ${z.prettifyError(parsed.error)}`,
  );
}

function definitionOf(snapshot: ReportSnapshot, input: RunReportInput | undefined): ReportDefinition {
  const query: ReportDefinition['query'] = snapshot.sqlQuery
    ? { kind: 'sql', sql: snapshot.sqlQuery }
    : snapshot.jsonQuery
      ? { kind: 'json', query: parseFrozen(SemanticQuery, snapshot.jsonQuery, snapshot, 'jsonQuery') }
      : (() => {
          throw new AppError(
            'BAD_REQUEST',
            `the snapshot of report ${snapshot.reportId} has no query to run`,
          );
        })();
  return {
    query,
    filters: input?.filters,
    timeGrain: input?.timeGrain,
    periodComparisons: parseFrozen(
      z.array(PeriodComparison),
      snapshot.periodComparisons ?? [],
      snapshot,
      'periodComparisons',
    ),
    fillMissingRows: snapshot.fillMissingRows
      ? parseFrozen(FillMissingRows, snapshot.fillMissingRows, snapshot, 'fillMissingRows')
      : null,
  };
}

/**
 * Runs a CHART widget of a dashboard's latest published version: the report snapshot it names, through
 * the data API as the caller (their access policies), with the page's filters and time grain.
 */
export class WidgetRunsService {
  constructor(
    private readonly dashboards: Pick<DashboardsService, 'get'>,
    private readonly reportQueries: DataApiServices['reportQueries'],
  ) {}

  async run(
    principal: Principal,
    target: { deploymentId: number; dashboardId: number; widgetId: string },
    input: RunReportInput | undefined,
    format: 'json' | 'csv' | undefined,
  ): Promise<ReportRunResult> {
    if (format === 'csv') throw new AppError('NOT_IMPLEMENTED', 'CSV widget runs are not available yet');
    const definition = (async () => {
      const dashboard = await this.dashboards.get(principal, target.deploymentId, target.dashboardId);
      const widget = dashboard.config.widgets.find((candidate) => candidate.id === target.widgetId);
      if (!widget) throw notFound(`widget ${target.widgetId} of dashboard ${target.dashboardId}`);
      const config = (widget.config ?? {}) as { reportId?: unknown };
      if (widget.type !== 'CHART' || typeof config.reportId !== 'number') {
        throw new AppError('BAD_REQUEST', `widget ${target.widgetId} is not a CHART widget naming a report`);
      }
      const snapshot = dashboard.reportSnapshots.find((candidate) => candidate.reportId === config.reportId);
      if (!snapshot) throw notFound(`the snapshot of report ${config.reportId} in dashboard ${dashboard.id}`);
      return definitionOf(snapshot, input);
    })();
    return this.reportQueries.run({ kind: 'management', principal }, target.deploymentId, definition);
  }
}
