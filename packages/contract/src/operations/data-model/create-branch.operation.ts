import { CreateBranchInput, CreatedBranch } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const createBranch = defineOperation({
  operationId: 'createBranch',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/branches',
  tag: 'DataModel',
  summary: 'Create a branch',
  description:
    "From the deploy branch unless `from` is given; `enterDevMode` makes it the caller's dev-mode branch.",
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: CreateBranchInput,
  successStatus: 201,
  response: CreatedBranch,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
