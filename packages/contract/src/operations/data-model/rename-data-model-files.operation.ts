import { DeploymentIdParams, SuccessResponse } from '../../schemas/common.schema.js';
import { RenameDataModelFilesInput } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const renameDataModelFiles = defineOperation({
  operationId: 'renameDataModelFiles',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/files/rename',
  tag: 'DataModel',
  summary: "Rename data-model files on the caller's dev-mode branch",
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: RenameDataModelFilesInput,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'upsert_branch_changed'],
});
