import { createHash } from 'node:crypto';
import { continueWaitMessage, type LoadResponse, type LoadResult, type QueryType } from '@platform/contract';
import { type CompiledQuery, maximumQueryLimit, type SemanticQuery } from '@platform/semantic';
import type { WarehouseConfig } from '../../platform/warehouse/warehouse-config.js';
import type { DataApiCaller } from './data-api-caller.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import type { InFlightQueries } from './in-flight-queries.js';
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
  query: SemanticQuery;
  queryType?: QueryType | undefined;
  branchName?: string | undefined;
}

/** Identical work for the same caller scope: the same model commit, SQL, parameters and policies' inputs. */
function queryKey(context: ModelContext, compiled: CompiledQuery): string {
  const { caller } = context.target;
  return createHash('sha256')
    .update(
      JSON.stringify([
        context.target.deployment.id,
        context.model.commit,
        compiled.sql,
        compiled.params,
        [...caller.groups].sort(),
        caller.securityContext,
      ]),
    )
    .digest('hex');
}

/** The data API's JSON queries: `load` runs one, `sql` shows the SQL it would run. */
export class LoadQueryService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly warehouses: DeploymentWarehouseService,
    private readonly inFlight: InFlightQueries,
    private readonly timing: QueryTiming,
  ) {}

  async load(caller: DataApiCaller, deploymentId: number, request: LoadRequest): Promise<LoadResponse> {
    const context = await this.planner.contextOf(caller, deploymentId, request.branchName);
    const settings = await this.warehouses.settingsOf(context.target.deployment);
    const compiled = this.planner.compile(context, request.query, settings.dialect);
    const outcome = await this.inFlight.run(
      queryKey(context, compiled),
      () => this.execute(context.target.deployment.id, settings, compiled),
      this.timing.continueWaitMilliseconds,
    );
    if (!outcome.isDone) return { error: continueWaitMessage };
    if (request.queryType !== 'multi') return outcome.value;
    return {
      queryType: 'regularQuery',
      results: [outcome.value],
      pivotQuery: { ...outcome.value.query, queryType: 'regularQuery' },
    };
  }

  async generateSql(caller: DataApiCaller, deploymentId: number, request: LoadRequest) {
    const context = await this.planner.contextOf(caller, deploymentId, request.branchName);
    const settings = await this.warehouses.settingsOf(context.target.deployment);
    const compiled = this.planner.compile(context, request.query, settings.dialect);
    return { sql: { sql: compiled.sql, params: compiled.params }, query: { ...compiled.query } };
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
