import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { QueryParameters } from '../../schemas/data-api.schema.js';
import { DryRunResponse } from '../../schemas/query-sql.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const dryRunQuery = defineOperation({
  operationId: 'dryRunQuery',
  method: 'GET',
  path: dataApiPath('dry-run'),
  tag: 'DataApi',
  summary: 'Check a semantic query without running it (query as URL-encoded JSON)',
  description:
    'Answers `{queryType, normalizedQueries, queryOrder, transformedQueries, pivotQuery}`; a query that would fail answers the same error as `load`.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'data',
  params: DeploymentIdParams,
  query: QueryParameters,
  response: DryRunResponse,
  errors: dataApiErrors,
});
