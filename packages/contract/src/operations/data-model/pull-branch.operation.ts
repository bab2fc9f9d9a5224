import { PullBranchInput, PullBranchResponse } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const pullBranch = defineOperation({
  operationId: 'pullBranch',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/pull',
  tag: 'DataModel',
  summary: 'Fetch the connected git remote and merge it into a branch',
  description: 'Without `branchName`, the deploy branch (which needs SchemaUpdate).',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: PullBranchInput,
  isBodyRequired: false,
  response: PullBranchResponse,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
