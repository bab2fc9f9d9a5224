import { DeploymentIdParams, DeploymentVersionsResponse } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const listDeploymentVersions = defineOperation({
  operationId: 'listDeploymentVersions',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/versions',
  tag: 'Deployments',
  summary: 'Engine versions the deployment can switch to',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  response: DeploymentVersionsResponse,
  errors: ['NOT_FOUND'],
});
