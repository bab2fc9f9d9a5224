import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { BranchQuery, DataModelFileHashes } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const getDataModelFileHashes = defineOperation({
  operationId: 'getDataModelFileHashes',
  method: 'GET',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/file-hashes',
  tag: 'DataModel',
  summary: 'SHA-1 of every data-model file of a branch',
  description: 'Keys are paths without the leading `/`; the CLI uploads only what differs.',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  query: BranchQuery,
  response: DataModelFileHashes,
  errors: ['NOT_FOUND'],
});
