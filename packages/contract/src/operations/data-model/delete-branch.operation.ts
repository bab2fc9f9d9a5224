import { DeleteBranchQuery } from '../../schemas/branch.schema.js';
import { DeploymentIdParams, SuccessResponse } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const deleteBranch = defineOperation({
  operationId: 'deleteBranch',
  method: 'DELETE',
  path: '/build/api/v1/deployments/{deploymentId}/branches',
  tag: 'DataModel',
  summary: 'Delete a branch',
  description: 'The deploy branch cannot be deleted.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  query: DeleteBranchQuery,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
