import { Deployment, DeploymentIdParams, ResetCreationStepInput } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const resetCreationStep = defineOperation({
  operationId: 'resetCreationStep',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/creation-step/reset',
  tag: 'Deployments',
  summary: 'Move the set-up wizard back to an earlier step',
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  body: ResetCreationStepInput,
  isBodyRequired: false,
  response: Deployment,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
