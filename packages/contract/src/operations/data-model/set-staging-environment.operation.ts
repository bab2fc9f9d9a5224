import { SetStagingEnvironmentInput, StagingEnvironmentState } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const setStagingEnvironment = defineOperation({
  operationId: 'setStagingEnvironment',
  method: 'PUT',
  path: '/build/api/v1/deployments/{deploymentId}/branches/staging-environment',
  tag: 'DataModel',
  summary: "Turn a branch's staging environment on or off",
  description:
    'An enabled branch is listed as a `staging` environment (GET /api/v1/deployments/{deploymentId}/environments), whose tokens query that branch.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  body: SetStagingEnvironmentInput,
  response: StagingEnvironmentState,
  errors: ['NOT_FOUND'],
});
