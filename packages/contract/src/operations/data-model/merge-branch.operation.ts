import { MergeBranchInput, MergeBranchResponse } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const mergeBranch = defineOperation({
  operationId: 'mergeBranch',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/merge',
  tag: 'DataModel',
  summary: 'Merge a branch into its parent branch',
  description: 'Conflicts answer 409 with the conflicting paths in `details.paths`.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  body: MergeBranchInput,
  response: MergeBranchResponse,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
