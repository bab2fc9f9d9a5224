import { SuccessResponse } from '../../schemas/common.schema.js';
import { DeploymentIdParams } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const deleteDeployment = defineOperation({
  operationId: 'deleteDeployment',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}',
  tag: 'Deployments',
  summary: 'Delete a deployment and everything scoped to it',
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
