import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataApiQuery, GenerateQuerySqlInput } from '../../schemas/data-api.schema.js';
import { DryRunResponse } from '../../schemas/query-sql.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const postDryRunQuery = defineOperation({
  operationId: 'postDryRunQuery',
  method: 'POST',
  path: dataApiPath('dry-run'),
  tag: 'DataApi',
  summary: 'Check a semantic query without running it (query in the body)',
  description: 'The same as `GET .../v1/dry-run`, for queries too long for a URL.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'data',
  params: DeploymentIdParams,
  query: DataApiQuery,
  body: GenerateQuerySqlInput,
  response: DryRunResponse,
  errors: dataApiErrors,
});
