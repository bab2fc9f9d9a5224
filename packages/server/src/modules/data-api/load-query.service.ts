import { createHash } from 'node:crypto';
import { continueWaitMessage, type LoadResponse, type LoadResult, type QueryType } from '@platform/contract';
import { type CompiledQuery, maximumQueryLimit, type SemanticQuery } from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';
import type { WarehouseConfig } from '../../platform/warehouse/warehouse-config.js';
import type { DataApiCaller } from './data-api-caller.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import type { InFlightQueries } from './in-flight-queries.js';
import { batchOf, blendedResult, checkBatch, pivotQueryOf } from './query-batch.js';
import { appErrorOfWarehouse } from './query-errors.js';
import type { ModelContext, QueryPlanner } from './query-planner.js';
import { rowsToData } from './query-result.mapper.js';

export interface QueryTiming {
  /** How long `load` waits before answering "Continue wait" while the query goes on. */
  continueWaitMilliseconds: number;
  /** The longest a query may run in the warehouse. */
  queryTimeoutMilliseconds: number;
}

export interface LoadRequest {
  query: SemanticQuery | readonly SemanticQuery[];
  queryType?: QueryType | undefined;
  branchName?: string | undefined;
}

/** Identical work for the same caller scope: the same model commit, SQL, parameters and policies' inputs. */
function queryKey(context: ModelContext, compiled: readonly CompiledQuery[]): string {
  const { caller } = context.target;
  return createHash('sha256')
    .update(
      JSON.stringify([
        context.target.deployment.id,
        context.model.commit,
        compiled.map((query) => [query.sql, query.params]),
        [...caller.groups].sort(),
        caller.securityContext,
      ]),
    )
    .digest('hex');
}

/**
 * The data API's `load`: runs a query, or an array of queries blended on their time dimension, and
 * answers in the shape semantic-layer client libraries parse.
 */
export class LoadQueryService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly warehouses: DeploymentWarehouseService,
    private readonly inFlight: InFlightQueries,
    private readonly timing: QueryTiming,
  ) {}

  async load(caller: DataApiCaller, deploymentId: number, request: LoadRequest): Promise<LoadResponse> {
    const batch = batchOf(request.query);
    // A client that does not ask for the multi shape could not read a blending answer (nor could Cube's).
    if (batch.queryType !== 'regularQuery' && request.queryType !== 'multi') {
      throw new AppError(
        'BAD_REQUEST',
        `'${batch.queryType}' query type is not supported by the client. Send queryType=multi to get it.`,
      );
    }
    const target = await this.planner.targetOf(caller, deploymentId, request.branchName);
    // The model and the warehouse settings are independent reads: both at once, the model's error first.
    const [modelContext, warehouseSettings] = await Promise.allSettled([
      this.planner.contextOfTarget(target),
      this.warehouses.settingsOf(target.deployment),
    ]);
    if (modelContext.status === 'rejected') throw modelContext.reason;
    if (warehouseSettings.status === 'rejected') throw warehouseSettings.reason;
    const context = modelContext.value;
    const settings = warehouseSettings.value;
    const compiled = batch.queries.map((query) => this.planner.compile(context, query, settings.dialect));
    checkBatch(batch, compiled);
    // The whole batch is one piece of work: a client asking again after "Continue wait" joins all of it.
    const outcome = await this.inFlight.run(
      queryKey(context, compiled),
      () => Promise.all(compiled.map((query) => this.execute(context.target.deployment.id, settings, query))),
      this.timing.continueWaitMilliseconds,
    );
    if (!outcome.isDone) return { error: continueWaitMessage };
    const [first] = outcome.value;
    if (first && batch.queryType === 'regularQuery' && request.queryType !== 'multi') return first;
    return {
      queryType: batch.queryType,
      results: outcome.value.map((result, index) => {
        const query = compiled[index];
        return batch.queryType === 'blendingQuery' && query ? blendedResult(result, query) : result;
      }),
      pivotQuery: pivotQueryOf(batch, compiled),
    };
  }

  private async execute(
    deploymentId: number,
    settings: WarehouseConfig,
    compiled: CompiledQuery,
  ): Promise<LoadResult> {
    const warehouse = await this.warehouses.open(deploymentId, settings);
    try {
      const result = await warehouse.query(compiled.sql, compiled.params, {
        maximumRows: maximumQueryLimit,
        timeoutMilliseconds: this.timing.queryTimeoutMilliseconds,
      });
      return {
        query: { ...compiled.query },
        data: rowsToData(compiled.columns, result.columns, result.rows),
        annotation: compiled.annotation,
      };
    } catch (error) {
      throw appErrorOfWarehouse(error);
    }
  }
}
