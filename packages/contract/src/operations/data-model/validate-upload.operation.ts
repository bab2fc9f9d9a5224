import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataModelValidation, ValidateUploadInput } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const validateUpload = defineOperation({
  operationId: 'validateUpload',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/upload/validate',
  tag: 'DataModel',
  summary: 'Compile the model an upload transaction would commit, without committing it',
  description:
    "The branch's files with the transaction's changes applied, compiled with every error (file and line); the branch and the transaction stay as they were, so a deploy can refuse a broken model before `finish`. A model with errors is still a 200 with `valid: false`.",
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: ValidateUploadInput,
  response: DataModelValidation,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
