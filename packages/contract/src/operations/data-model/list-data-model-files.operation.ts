import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataModelFilesResponse, ListDataModelFilesQuery } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const listDataModelFiles = defineOperation({
  operationId: 'listDataModelFiles',
  method: 'GET',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/files',
  tag: 'DataModel',
  summary: 'The data-model files of a branch as a tree',
  description: 'Without `branchName`, the deploy branch. `withContent=true` adds the text of every file.',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  query: ListDataModelFilesQuery,
  response: DataModelFilesResponse,
  errors: ['NOT_FOUND'],
});
