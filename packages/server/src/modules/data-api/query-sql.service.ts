import type { DryRunResponse, GeneratedQuerySql, QuerySqlResponse } from '@platform/contract';
import type { CompiledQuery, SemanticQuery } from '@platform/semantic';
import type { DataApiCaller } from './data-api-caller.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import { batchOf, checkBatch, orderObjectOf, pivotQueryOf, type QueryBatch } from './query-batch.js';
import type { QueryPlanner } from './query-planner.js';

export interface QuerySqlRequest {
  query: SemanticQuery | readonly SemanticQuery[];
  branchName?: string | undefined;
}

function querySqlOf(compiled: CompiledQuery): GeneratedQuerySql {
  return {
    sql: {
      sql: [compiled.sql, compiled.params],
      order: orderObjectOf(compiled.query),
      aliasNameToMember: Object.fromEntries(
        compiled.columns.map((column) => [column.alias, column.keys[0] ?? column.memberPath]),
      ),
      dataSource: 'default',
      external: false,
      preAggregations: [],
    },
    query: { ...compiled.query },
  };
}

/**
 * The data API's `sql` and `dry-run`: a query (or an array of them) planned exactly as `load` would
 * plan it, access policies included, and nothing run in the warehouse.
 */
export class QuerySqlService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly warehouses: DeploymentWarehouseService,
  ) {}

  async sql(
    caller: DataApiCaller,
    deploymentId: number,
    request: QuerySqlRequest,
  ): Promise<QuerySqlResponse> {
    const { batch, compiled } = await this.plan(caller, deploymentId, request);
    const answers = compiled.map(querySqlOf);
    const [first] = answers;
    return batch.queryType === 'regularQuery' && first ? first : answers;
  }

  async dryRun(
    caller: DataApiCaller,
    deploymentId: number,
    request: QuerySqlRequest,
  ): Promise<DryRunResponse> {
    const { batch, compiled } = await this.plan(caller, deploymentId, request);
    return {
      queryType: batch.queryType,
      normalizedQueries: compiled.map((query) => ({ ...query.query })),
      queryOrder: compiled.map((query) => orderObjectOf(query.query)),
      transformedQueries: compiled.map(() => null),
      pivotQuery: pivotQueryOf(batch, compiled),
    };
  }

  private async plan(
    caller: DataApiCaller,
    deploymentId: number,
    request: QuerySqlRequest,
  ): Promise<{ batch: QueryBatch; compiled: CompiledQuery[] }> {
    const batch = batchOf(request.query);
    const context = await this.planner.contextOf(caller, deploymentId, request.branchName);
    const settings = await this.warehouses.settingsOf(context.target.deployment);
    const compiled = batch.queries.map((query) => this.planner.compile(context, query, settings.dialect));
    checkBatch(batch, compiled);
    return { batch, compiled };
  }
}
