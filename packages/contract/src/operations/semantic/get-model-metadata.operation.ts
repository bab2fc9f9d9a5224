import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataApiQuery, ModelMetadataResponse } from '../../schemas/data-api.schema.js';
import { defineOperation } from '../operation.js';
import { dataApiErrors, dataApiPath } from './data-api-path.js';

export const getModelMetadata = defineOperation({
  operationId: 'getModelMetadata',
  method: 'GET',
  path: dataApiPath('meta'),
  tag: 'DataApi',
  summary: 'Cubes and views of the data model, with their measures, dimensions and segments',
  description: 'Only what access policies let the caller see.',
  action: 'DataQuery',
  authScheme: 'dataApi',
  dataApiScope: 'meta',
  params: DeploymentIdParams,
  query: DataApiQuery,
  response: ModelMetadataResponse,
  errors: dataApiErrors,
});
