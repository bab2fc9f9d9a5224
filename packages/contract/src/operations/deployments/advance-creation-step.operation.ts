import { Deployment, DeploymentIdParams } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const advanceCreationStep = defineOperation({
  operationId: 'advanceCreationStep',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/creation-step/advance',
  tag: 'Deployments',
  summary: 'Move the set-up wizard to its next step',
  description:
    "The steps follow the deployment's creation method (see docs/deployments.md); advancing a `ready` deployment is a 409.",
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  response: Deployment,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
