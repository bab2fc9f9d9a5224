import { DevModeState, StartDevModeInput } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const startDevMode = defineOperation({
  operationId: 'startDevMode',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/dev-mode',
  tag: 'DataModel',
  summary: "Enter dev mode: fork or reuse the caller's personal branch",
  description: 'Dev mode belongs to the credential; the personal branch is `dev-<credential id>`.',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: StartDevModeInput,
  isBodyRequired: false,
  response: DevModeState,
  errors: ['NOT_FOUND'],
});
