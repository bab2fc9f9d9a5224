import { DeploymentIdParams, PodsResponse } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const listDeploymentPods = defineOperation({
  operationId: 'listDeploymentPods',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/pods',
  tag: 'Deployments',
  summary: 'The processes serving the deployment',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  response: PodsResponse,
  errors: ['NOT_FOUND'],
});
