import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataApiQuery, GeneratedQuerySql, GenerateQuerySqlInput } from '../../schemas/data-api.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const generateQuerySql = defineOperation({
  operationId: 'generateQuerySql',
  method: 'POST',
  path: dataApiPath('sql'),
  tag: 'DataApi',
  summary: 'The warehouse SQL of a semantic query, without running it',
  description: "The SQL and its bound parameters, with the caller's access policies applied.",
  action: 'DataQuery',
  authScheme: 'dataApi',
  params: DeploymentIdParams,
  query: DataApiQuery,
  body: GenerateQuerySqlInput,
  response: GeneratedQuerySql,
  errors: dataApiErrors,
});
