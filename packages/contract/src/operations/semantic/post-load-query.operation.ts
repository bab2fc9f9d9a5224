import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataApiQuery, LoadQueryInput, LoadResponse } from '../../schemas/data-api.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const postLoadQuery = defineOperation({
  operationId: 'postLoadQuery',
  method: 'POST',
  path: dataApiPath('load'),
  tag: 'DataApi',
  summary: 'Run a semantic query (query in the body)',
  description: 'The same as `GET .../v1/load`, for queries too long for a URL.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'data',
  params: DeploymentIdParams,
  query: DataApiQuery,
  body: LoadQueryInput,
  response: LoadResponse,
  errors: dataApiErrors,
});
