import type { Platform } from '../../platform/platform.js';
import { duckDbFileRuleOf } from '../../platform/warehouse/duckdb-file-rule.js';
import type { DataModelServices } from '../data-model/data-model.module.js';
import type { DeploymentsServices } from '../deployments/deployments.module.js';
import type { IdentityServices } from '../identity/identity.module.js';
import type { PlatformModule } from '../platform-module.js';
import { AgentDataService } from './agent-data.service.js';
import { CompiledModelCache } from './compiled-model.cache.js';
import { dataApiRoutes } from './data-api.routes.js';
import { DataApiAccessService } from './data-api-access.service.js';
import { DataApiCredentialService } from './data-api-credential.service.js';
import { DeploymentTokenSigner, deriveTokenSigningKey } from './deployment-token.signer.js';
import { DeploymentTokensService } from './deployment-tokens.service.js';
import { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import { InFlightQueries } from './in-flight-queries.js';
import { LoadQueryService } from './load-query.service.js';
import { ModelMetadataService } from './model-metadata.service.js';
import { ModelSqlService } from './model-sql.service.js';
import { QueryPlanner } from './query-planner.js';
import { QuerySqlService } from './query-sql.service.js';
import { ReportQueryService } from './report-query.service.js';
import { ReportQueryCheck } from './report-query-check.js';

export interface DataApiDependencies {
  identity: Pick<
    IdentityServices,
    'credentials' | 'authorization' | 'users' | 'userGroups' | 'userAttributes'
  >;
  deployments: Pick<DeploymentsServices, 'deploymentAccess' | 'deploymentDirectory' | 'envVarsReader'>;
  dataModel: Pick<DataModelServices, 'modelSource'>;
}

/**
 * The data API of deployments (tag `DataApi`): deployment tokens, compiled models per commit, and one
 * open warehouse per deployment from the platform's pool, evicted with the deployment.
 */
export function createDataApiModule(
  platform: Pick<Platform, 'config' | 'secretKey' | 'warehousePool'>,
  dependencies: DataApiDependencies,
) {
  const { config } = platform;
  const { deploymentAccess, deploymentDirectory, envVarsReader } = dependencies.deployments;
  const { modelSource } = dependencies.dataModel;
  const tokenSigner = new DeploymentTokenSigner(deriveTokenSigningKey(platform.secretKey));
  const warehouses = new DeploymentWarehouseService(
    envVarsReader,
    platform.warehousePool,
    duckDbFileRuleOf(config),
  );
  const compiledModels = new CompiledModelCache(modelSource);
  const inFlightQueries = new InFlightQueries();
  deploymentAccess.onDeleted(async (deploymentId) => {
    compiledModels.evict(deploymentId);
    await warehouses.evict(deploymentId);
  });
  const planner = new QueryPlanner(
    new DataApiAccessService(deploymentAccess, deploymentDirectory, modelSource, {
      activeRoleOf: (accountId, userId) => dependencies.identity.users.activeRoleOf(accountId, userId),
      groupNamesOf: (accountId, userId) => dependencies.identity.userGroups.groupNamesOf(accountId, userId),
      userAttributesOf: (accountId, userId) =>
        dependencies.identity.userAttributes.policyValuesOf(accountId, userId),
    }),
    compiledModels,
  );
  const timing = {
    continueWaitMilliseconds: config.continueWaitSeconds * 1000,
    queryTimeoutMilliseconds: config.queryTimeoutSeconds * 1000,
  };
  const modelSql = new ModelSqlService(planner, warehouses, timing);
  const services = {
    dataApiCredentials: new DataApiCredentialService(
      dependencies.identity.credentials,
      dependencies.identity.authorization,
      tokenSigner,
    ),
    deploymentTokens: new DeploymentTokensService(deploymentAccess, tokenSigner),
    warehouses,
    compiledModels,
    loadQueries: new LoadQueryService(planner, warehouses, inFlightQueries, timing),
    modelMetadata: new ModelMetadataService(planner),
    modelSql,
    querySql: new QuerySqlService(planner, warehouses),
    agentData: new AgentDataService(planner, modelSql, warehouses, timing),
    reportQueryCheck: new ReportQueryCheck(deploymentDirectory, compiledModels, warehouses),
    reportQueries: new ReportQueryService(planner, warehouses, timing),
  };
  return {
    services,
    handlers: dataApiRoutes(services),
    async close() {
      inFlightQueries.clear();
    },
  } satisfies PlatformModule<unknown, unknown>;
}

export type DataApiModule = ReturnType<typeof createDataApiModule>;
export type DataApiServices = DataApiModule['services'];
