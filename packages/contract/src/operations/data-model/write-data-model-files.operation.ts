import { DeploymentIdParams, SuccessResponse } from '../../schemas/common.schema.js';
import { maximumUploadBytes, WriteDataModelFilesInput } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const writeDataModelFiles = defineOperation({
  operationId: 'writeDataModelFiles',
  method: 'PUT',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/files',
  tag: 'DataModel',
  summary: "Create or overwrite data-model files on the caller's dev-mode branch",
  description: 'Each call is one commit on the dev-mode branch; a file is at most 1 MiB.',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: WriteDataModelFilesInput,
  bodyLimitBytes: maximumUploadBytes,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'upsert_branch_changed'],
});
