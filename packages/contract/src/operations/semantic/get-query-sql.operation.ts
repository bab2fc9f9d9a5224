import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { QueryParameters } from '../../schemas/data-api.schema.js';
import { QuerySqlResponse } from '../../schemas/query-sql.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const getQuerySql = defineOperation({
  operationId: 'getQuerySql',
  method: 'GET',
  path: dataApiPath('sql'),
  tag: 'DataApi',
  summary: 'The warehouse SQL of a semantic query, without running it (query as URL-encoded JSON)',
  description: 'The same as `POST .../v1/sql`, in the form client libraries use for short queries.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'sql',
  params: DeploymentIdParams,
  query: QueryParameters,
  response: QuerySqlResponse,
  errors: dataApiErrors,
});
