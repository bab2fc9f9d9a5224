import {
  buildQuerySql,
  dialectNamed,
  loadSqlInterface,
  type SemanticQuery,
  translateSql,
} from '@platform/semantic';
import { notFound } from '../../errors/app-error.js';
import type { WarehouseDialect } from '../../platform/warehouse/warehouse.js';
import type { DeploymentDirectory } from '../deployments/deployment-directory.js';
import type { CompiledModelCache } from './compiled-model.cache.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import { appErrorOfQuery } from './query-errors.js';

/** A report's query: the data API's JSON query or SQL over the model. */
export type ReportQuery = { jsonQuery: SemanticQuery } | { sqlQuery: string };

/** Compiling needs a dialect; a deployment without a warehouse yet still has a model to check against. */
const fallbackDialect: WarehouseDialect = 'postgres';

/**
 * Checks a report's query against the model the deployment serves (its deploy branch) without running
 * it: an unknown member, a bad granularity or SQL the SQL interface cannot translate is a 400 naming
 * what is wrong. Access policies are not applied: whether a member exists does not depend on who saves
 * the report; who may see which rows is decided when the report runs.
 */
export class ReportQueryCheck {
  constructor(
    private readonly directory: DeploymentDirectory,
    private readonly models: CompiledModelCache,
    private readonly warehouses: DeploymentWarehouseService,
  ) {}

  async check(deployment: { id: number; accountId: number }, query: ReportQuery): Promise<void> {
    const row = (await this.directory.rowsOf(deployment.accountId)).find(
      (entry) => entry.id === deployment.id,
    );
    if (!row) throw notFound(`deployment ${deployment.id}`);
    const target = {
      deployment: row,
      branchName: row.deployBranchName,
      caller: { groups: [], securityContext: {}, userAttributes: {} },
    };
    const [model, dialect] = await Promise.all([this.models.modelOf(target), this.dialectOf(row)]);
    if ('sqlQuery' in query) await loadSqlInterface();
    try {
      const semanticQuery =
        'sqlQuery' in query ? translateSql(model.compiled, query.sqlQuery).query : query.jsonQuery;
      buildQuerySql(model.compiled, semanticQuery, { dialect: dialectNamed(dialect) });
    } catch (error) {
      throw appErrorOfQuery(error);
    }
  }

  private async dialectOf(deployment: { id: number; accountId: number }): Promise<WarehouseDialect> {
    try {
      return (await this.warehouses.settingsOf(deployment)).dialect;
    } catch {
      return fallbackDialect;
    }
  }
}
