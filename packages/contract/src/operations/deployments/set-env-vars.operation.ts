import { DeploymentIdParams, EnvVarsResponse, SetEnvVarsInput } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const setEnvVars = defineOperation({
  operationId: 'setEnvVars',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/env-vars',
  tag: 'Deployments',
  summary: 'Set (upsert) or remove environment variables',
  description:
    'Setting a secret variable needs SecretsManage; sending `[ENCRYPTED]` back as a value is refused. A `null` value removes the variable. All changes apply together or not at all.',
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  body: SetEnvVarsInput,
  response: EnvVarsResponse,
  errors: ['NOT_FOUND'],
});
