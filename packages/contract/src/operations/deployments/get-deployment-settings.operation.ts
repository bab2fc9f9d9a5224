import { DeploymentIdParams, DeploymentSettings } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const getDeploymentSettings = defineOperation({
  operationId: 'getDeploymentSettings',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/settings',
  tag: 'Deployments',
  summary: 'The settings of a deployment',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  response: DeploymentSettings,
  errors: ['NOT_FOUND'],
});
