import { DevModeStopped } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const stopDevMode = defineOperation({
  operationId: 'stopDevMode',
  method: 'DELETE',
  path: '/build/api/v1/deployments/{deploymentId}/dev-mode',
  tag: 'DataModel',
  summary: 'Leave dev mode (the personal branch is kept)',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  response: DevModeStopped,
  errors: ['NOT_FOUND'],
});
