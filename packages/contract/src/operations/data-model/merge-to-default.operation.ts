import { MergeToDefaultInput, MergeToDefaultResponse } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const mergeToDefault = defineOperation({
  operationId: 'mergeToDefault',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/merge-to-default',
  tag: 'DataModel',
  summary: 'Merge a branch into the deploy branch and push it to the connected remote',
  description: "Without `branchName`, the caller's dev-mode branch.",
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  body: MergeToDefaultInput,
  response: MergeToDefaultResponse,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
