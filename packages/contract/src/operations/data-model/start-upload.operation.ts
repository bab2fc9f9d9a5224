import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { StartUploadInput, StartUploadResponse } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const startUpload = defineOperation({
  operationId: 'startUpload',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/upload/start',
  tag: 'DataModel',
  summary: 'Open an upload transaction',
  description:
    "Without `branchName`, the deploy branch (needs SchemaUpdate); any other branch must be the caller's dev-mode branch. Unfinished transactions expire after an hour.",
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: StartUploadInput,
  isBodyRequired: false,
  response: StartUploadResponse,
  errors: ['NOT_FOUND'],
});
