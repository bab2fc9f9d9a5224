import type { ReportRunResult } from '@platform/contract';
import {
  type CompiledModel,
  type CompiledQuery,
  loadSqlInterface,
  maximumQueryLimit,
  type QueryFilter,
  type SemanticQuery,
  type SqlTranslation,
  translateSql,
} from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';
import type { WarehouseConfig } from '../../platform/warehouse/warehouse-config.js';
import type { DataApiCaller } from './data-api-caller.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import type { QueryTiming } from './load-query.service.js';
import { appErrorOfQuery, appErrorOfWarehouse } from './query-errors.js';
import type { ModelContext, QueryPlanner } from './query-planner.js';
import { dateRangeOf, shiftedQuery } from './report-date-ranges.js';
import { type FillMissingRowsSpec, fillMissingRows, sortRows } from './report-fill-missing-rows.js';
import {
  addPeriodComparison,
  measureColumnOf,
  type PeriodComparisonSpec,
} from './report-period-comparison.js';
import { missingMembers, withFilters, withGranularity, withTimeGrain } from './report-query-shape.js';
import { jsonQueryRows, type ReportRows, sqlQueryRows } from './report-result.js';

/** A report's query: a data-API JSON query, or SQL over the model. */
export type ReportQuery = { kind: 'json'; query: SemanticQuery } | { kind: 'sql'; sql: string };

/** What a run of one report asks for: its query and options, and the dashboard's filters and time grain. */
export interface ReportDefinition {
  query: ReportQuery;
  /** Dashboard filters, added to the query's own. */
  filters?: readonly QueryFilter[] | undefined;
  /** Replaces the granularity of every time dimension that has one. */
  timeGrain?: string | undefined;
  periodComparisons?: readonly PeriodComparisonSpec[] | undefined;
  fillMissingRows?: FillMissingRowsSpec | null | undefined;
}

/** The query as the run shapes it, and how its rows are read (SQL names its own output columns). */
interface ShapedQuery {
  query: SemanticQuery;
  outputs: SqlTranslation['columns'] | null;
}

/** Measures a missing row counts as 0: nothing counted, nothing summed. */
const zeroMeasureTypes: ReadonlySet<string> = new Set([
  'count',
  'count_distinct',
  'count_distinct_approx',
  'sum',
]);

/**
 * Runs a saved report's query like the data API's `load` (or the SQL interface for SQL), as the caller:
 * the same access policies, row filters and branch. On top: dashboard filters and time grain, then
 * fillMissingRows on the result and, for each period comparison, the same query over the shifted period
 * joined back as extra columns.
 */
export class ReportQueryService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly warehouses: DeploymentWarehouseService,
    private readonly timing: Pick<QueryTiming, 'queryTimeoutMilliseconds'>,
  ) {}

  /**
   * `definition` may be a promise: the model and the warehouse settings are looked up while the caller's
   * rights on the report are checked and its row read. Its failure (a 404) comes first and nothing runs.
   */
  async run(
    caller: DataApiCaller,
    deploymentId: number,
    definition: ReportDefinition | Promise<ReportDefinition>,
  ): Promise<ReportRunResult> {
    const target = this.planner.targetOf(caller, deploymentId);
    const [report, modelContext, warehouseSettings] = await Promise.allSettled([
      definition,
      target.then((resolved) => this.planner.contextOfTarget(resolved)),
      target.then((resolved) => this.warehouses.settingsOf(resolved.deployment)),
    ]);
    if (report.status === 'rejected') throw report.reason;
    if (modelContext.status === 'rejected') throw modelContext.reason;
    if (warehouseSettings.status === 'rejected') throw warehouseSettings.reason;
    const request = report.value;
    const context = modelContext.value;
    const settings = warehouseSettings.value;
    const shaped = await this.shape(context.model.compiled, request);
    const now = new Date();
    const comparisons = request.periodComparisons ?? [];
    // Comparisons over the same shifted period share its query.
    const periodKeys = comparisons.map((comparison) =>
      JSON.stringify([comparison.timeDimension, comparison.offset]),
    );
    const periods = [...new Set(periodKeys)];
    const previousQueries = periods.map((key) => {
      const comparison = comparisons[periodKeys.indexOf(key)] as PeriodComparisonSpec;
      return previousQueryOf(shaped.query, comparison, now);
    });
    const compiled = this.planner.compile(context, shaped.query, settings.dialect);
    const previousCompiled = previousQueries.map((query) =>
      this.planner.compile(context, query, settings.dialect),
    );
    const [current, ...previous] = await Promise.all(
      [compiled, ...previousCompiled].map((query) => this.execute(context, settings, query, shaped)),
    );
    let result = current as ReportRows;
    for (const comparison of comparisons) measureColumnOf(result.columns, comparison);
    if (request.fillMissingRows) {
      const filled = fillMissingRows(result, request.fillMissingRows, {
        range: dateRangeOf(shaped.query, memberOfFill(result, request.fillMissingRows), now),
        zeroMeasures: zeroMeasuresOf(context.model.compiled, result),
        maximumRows: maximumQueryLimit,
      });
      result = filled.rows.length > result.rows.length ? sortRows(filled, compiled.query.order) : filled;
    }
    comparisons.forEach((comparison, index) => {
      const previousRows = previous[periods.indexOf(periodKeys[index] as string)]?.rows ?? [];
      result = addPeriodComparison(result, previousRows, comparison);
    });
    return {
      schema: result.columns.map((column) => ({ name: column.name, column_type: column.columnType })),
      data: result.rows,
      totalRows: result.rows.length,
      sqlQuery: compiled.sql,
    };
  }

  /** The semantic query to run: SQL translated first, members checked, then filters and time grain. */
  private async shape(model: CompiledModel, request: ReportDefinition): Promise<ShapedQuery> {
    let query: SemanticQuery;
    let outputs: SqlTranslation['columns'] | null = null;
    if (request.query.kind === 'sql') {
      await loadSqlInterface();
      try {
        const translation = translateSql(model, request.query.sql);
        query = translation.query;
        outputs = translation.columns;
      } catch (error) {
        throw appErrorOfQuery(error);
      }
    } else {
      query = request.query.query;
      const missing = missingMembers(model, query);
      if (missing.length > 0) {
        throw new AppError(
          'BAD_REQUEST',
          `the report's query names ${missing.map((name) => `\`${name}\``).join(', ')}, which the data model does not have (removed or renamed?)`,
        );
      }
    }
    query = withFilters(query, request.filters ?? []);
    const { timeGrain } = request;
    if (timeGrain !== undefined) {
      query = withTimeGrain(query, timeGrain);
      outputs =
        outputs?.map((output) => ({ ...output, key: withGranularity(output.key, timeGrain) })) ?? null;
    }
    return { query, outputs };
  }

  private async execute(
    context: ModelContext,
    settings: WarehouseConfig,
    compiled: CompiledQuery,
    shaped: ShapedQuery,
  ): Promise<ReportRows> {
    const warehouse = await this.warehouses.open(context.target.deployment.id, settings);
    try {
      const result = await warehouse.query(compiled.sql, compiled.params, {
        maximumRows: maximumQueryLimit,
        timeoutMilliseconds: this.timing.queryTimeoutMilliseconds,
      });
      return shaped.outputs === null
        ? jsonQueryRows(compiled.columns, result.columns, result.rows)
        : sqlQueryRows(shaped.outputs, compiled.columns, result.columns, result.rows);
    } catch (error) {
      throw appErrorOfWarehouse(error);
    }
  }
}

/** The previous period's query: all its rows (the current limit would cut rows it must match). */
function previousQueryOf(query: SemanticQuery, comparison: PeriodComparisonSpec, now: Date): SemanticQuery {
  const shifted = shiftedQuery(query, comparison.timeDimension, comparison.offset, now);
  if (!shifted) {
    throw new AppError(
      'BAD_REQUEST',
      `the period comparison of ${comparison.measure} needs a date range on ${comparison.timeDimension}: give that time dimension a dateRange in the report's query`,
    );
  }
  const { offset: _offset, ...rest } = shifted;
  return { ...rest, limit: maximumQueryLimit };
}

/** The member whose date range bounds the fill: the fill column's member. */
function memberOfFill(result: ReportRows, spec: FillMissingRowsSpec): string {
  const column = result.columns.find(
    (candidate) =>
      candidate.kind === 'timeDimension' &&
      (candidate.memberPath === spec.member || candidate.name === spec.member),
  );
  return column?.memberPath ?? spec.member;
}

function zeroMeasuresOf(model: CompiledModel, result: ReportRows): Set<string> {
  return new Set(
    result.columns.flatMap((column) => {
      if (column.kind !== 'measure') return [];
      const definition = model.findMember(column.memberPath)?.definition;
      return definition?.kind === 'measure' && zeroMeasureTypes.has(definition.type) ? [column.name] : [];
    }),
  );
}
