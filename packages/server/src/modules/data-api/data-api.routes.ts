import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DeploymentTokensService } from './deployment-tokens.service.js';
import type { LoadQueryService } from './load-query.service.js';
import type { ModelMetadataService } from './model-metadata.service.js';
import type { ModelSqlService } from './model-sql.service.js';
import type { QuerySqlService } from './query-sql.service.js';

type DataApiOperations = Pick<
  Operations,
  | 'createDeploymentToken'
  | 'loadQuery'
  | 'postLoadQuery'
  | 'getModelMetadata'
  | 'getQuerySql'
  | 'generateQuerySql'
  | 'dryRunQuery'
  | 'postDryRunQuery'
  | 'runModelSql'
>;

export interface DataApiRouteServices {
  deploymentTokens: DeploymentTokensService;
  loadQueries: LoadQueryService;
  modelMetadata: ModelMetadataService;
  modelSql: ModelSqlService;
  querySql: QuerySqlService;
}

export function dataApiRoutes(services: DataApiRouteServices): OperationHandlers<DataApiOperations> {
  const { deploymentTokens, loadQueries, modelMetadata, modelSql, querySql } = services;
  return {
    createDeploymentToken: ({ params, body, context }) =>
      deploymentTokens.create(context.principal, params.deploymentId, body),
    loadQuery: ({ params, query, context }) => loadQueries.load(context.caller, params.deploymentId, query),
    postLoadQuery: ({ params, query, body, context }) =>
      loadQueries.load(context.caller, params.deploymentId, { ...body, branchName: query.branchName }),
    getModelMetadata: ({ params, query, context }) =>
      modelMetadata.metadata(context.caller, params.deploymentId, query.branchName),
    getQuerySql: ({ params, query, context }) => querySql.sql(context.caller, params.deploymentId, query),
    generateQuerySql: ({ params, query, body, context }) =>
      querySql.sql(context.caller, params.deploymentId, { ...body, branchName: query.branchName }),
    dryRunQuery: ({ params, query, context }) => querySql.dryRun(context.caller, params.deploymentId, query),
    postDryRunQuery: ({ params, query, body, context }) =>
      querySql.dryRun(context.caller, params.deploymentId, { ...body, branchName: query.branchName }),
    runModelSql: ({ params, query, body, context }) =>
      modelSql.run(context.caller, params.deploymentId, { sql: body.query, branchName: query.branchName }),
  };
}
