import { BranchesResponse } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const listBranches = defineOperation({
  operationId: 'listBranches',
  method: 'GET',
  path: '/build/api/v1/deployments/{deploymentId}/branches',
  tag: 'DataModel',
  summary: 'The branches of the data-model repository',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  response: BranchesResponse,
  errors: ['NOT_FOUND'],
});
