import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataApiQuery, ModelSqlLine, RunModelSqlInput } from '../../schemas/data-api.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const runModelSql = defineOperation({
  operationId: 'runModelSql',
  method: 'POST',
  path: dataApiPath('cubesql'),
  tag: 'DataApi',
  summary: 'Run SQL over the data model (the SQL interface), streamed as NDJSON',
  description:
    'Tables are cubes and views, measures are read with `MEASURE(name)`. The answer is newline-delimited JSON: a `{"schema":[{name, column_type}]}` line, then `{"data":[[...]]}` lines; a failure after the first line ends the stream with `{"error":"..."}`.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'data',
  params: DeploymentIdParams,
  query: DataApiQuery,
  body: RunModelSqlInput,
  response: ModelSqlLine,
  responseContentType: 'application/x-ndjson',
  errors: dataApiErrors,
});
