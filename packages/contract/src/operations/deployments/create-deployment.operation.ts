import { CreateDeploymentInput, DeploymentSettings } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const createDeployment = defineOperation({
  operationId: 'createDeployment',
  method: 'POST',
  path: '/build/api/v1/deployments',
  tag: 'Deployments',
  summary: 'Create a deployment',
  description: 'Its creation step starts at `project`; the region must be one of GET /api/v1/regions.',
  action: 'DeploymentManage',
  body: CreateDeploymentInput,
  successStatus: 201,
  response: DeploymentSettings,
  errors: ['CONFLICT'],
});
