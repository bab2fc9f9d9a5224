import { DeploymentIdParams, SuccessResponse } from '../../schemas/common.schema.js';
import { DeleteDataModelFilesInput } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const deleteDataModelFiles = defineOperation({
  operationId: 'deleteDataModelFiles',
  method: 'DELETE',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/files',
  tag: 'DataModel',
  summary: "Remove data-model files from the caller's dev-mode branch",
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: DeleteDataModelFilesInput,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'upsert_branch_changed'],
});
