import {
  DeploymentIdParams,
  DeploymentSettings,
  UpdateDeploymentInput,
} from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const updateDeployment = defineOperation({
  operationId: 'updateDeployment',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}',
  tag: 'Deployments',
  summary: 'Update a deployment (partial merge of its settings)',
  description:
    '`releaseChannelVersion` must be a version of GET .../versions (`1.2.3`, `v1.2.3` or `<image>:v1.2.3`).',
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  body: UpdateDeploymentInput,
  response: DeploymentSettings,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
