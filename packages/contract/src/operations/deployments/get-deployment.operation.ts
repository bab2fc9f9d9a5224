import { Deployment, DeploymentIdParams } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const getDeployment = defineOperation({
  operationId: 'getDeployment',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}',
  tag: 'Deployments',
  summary: 'Get one deployment',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  response: Deployment,
  errors: ['NOT_FOUND'],
});
