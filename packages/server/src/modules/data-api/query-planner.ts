import {
  type AccessScope,
  buildQuerySql,
  type CompiledQuery,
  dialectNamed,
  resolveAccess,
  type SemanticQuery,
} from '@platform/semantic';
import type { WarehouseDialect } from '../../platform/warehouse/warehouse.js';
import type { CompiledModelCache, ModelVersion } from './compiled-model.cache.js';
import type { DataApiAccessService, QueryTarget } from './data-api-access.service.js';
import type { DataApiCaller } from './data-api-caller.js';
import { appErrorOfQuery } from './query-errors.js';

/** The model a request reads and what the caller may see of it. */
export interface ModelContext {
  target: QueryTarget;
  model: ModelVersion;
  scope: AccessScope;
}

/** The steps every data-API request shares: who may read which model, then a query turned into SQL. */
export class QueryPlanner {
  constructor(
    private readonly access: DataApiAccessService,
    private readonly models: CompiledModelCache,
  ) {}

  async contextOf(caller: DataApiCaller, deploymentId: number, branchName?: string): Promise<ModelContext> {
    return this.contextOfTarget(await this.targetOf(caller, deploymentId, branchName));
  }

  /** Who may read which deployment and branch; apart, so a caller can find the warehouse meanwhile. */
  targetOf(caller: DataApiCaller, deploymentId: number, branchName?: string): Promise<QueryTarget> {
    return this.access.resolve(caller, deploymentId, branchName);
  }

  async contextOfTarget(target: QueryTarget): Promise<ModelContext> {
    const model = await this.models.modelOf(target);
    return { target, model, scope: resolveAccess(model.compiled, target.caller) };
  }

  /** Access policies first (403 naming what is denied, row filters added), then the SQL (400 when invalid). */
  compile(context: ModelContext, query: SemanticQuery, dialect: WarehouseDialect): CompiledQuery {
    try {
      const accessed = context.scope.applyToQuery(query);
      return buildQuerySql(context.model.compiled, accessed.query, {
        dialect: dialectNamed(dialect),
        cubeRowFilters: accessed.cubeRowFilters,
      });
    } catch (error) {
      throw appErrorOfQuery(error);
    }
  }
}
