import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataApiQuery, GenerateQuerySqlInput } from '../../schemas/data-api.schema.js';
import { QuerySqlResponse } from '../../schemas/query-sql.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const generateQuerySql = defineOperation({
  operationId: 'generateQuerySql',
  method: 'POST',
  path: dataApiPath('sql'),
  tag: 'DataApi',
  summary: 'The warehouse SQL of a semantic query, without running it (query in the body)',
  description:
    "The SQL and its bound parameters as `{sql: {sql: [sql, params], order, ...}, query}`, with the caller's access policies applied; an array of queries answers an array.",
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'sql',
  params: DeploymentIdParams,
  query: DataApiQuery,
  body: GenerateQuerySqlInput,
  response: QuerySqlResponse,
  errors: dataApiErrors,
});
