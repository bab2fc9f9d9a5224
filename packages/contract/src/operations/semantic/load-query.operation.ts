import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { LoadQueryParameters, LoadResponse } from '../../schemas/data-api.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const loadQuery = defineOperation({
  operationId: 'loadQuery',
  method: 'GET',
  path: dataApiPath('load'),
  tag: 'DataApi',
  summary: 'Run a semantic query (query as URL-encoded JSON)',
  description:
    'Answers `{query, data, annotation}`; with `queryType=multi`, `{queryType, results, pivotQuery}`. A query still running after the wait answers `{"error":"Continue wait"}`: send the same request again.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'data',
  params: DeploymentIdParams,
  query: LoadQueryParameters,
  response: LoadResponse,
  errors: dataApiErrors,
});
