import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { FinishUploadInput, FinishUploadResponse } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const finishUpload = defineOperation({
  operationId: 'finishUpload',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/upload/finish',
  tag: 'DataModel',
  summary: 'Commit an upload transaction as one commit and build it',
  description: 'Every listed hash must have been uploaded or already be in the branch.',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: FinishUploadInput,
  response: FinishUploadResponse,
  errors: ['NOT_FOUND', 'CONFLICT', 'upsert_branch_changed'],
});
