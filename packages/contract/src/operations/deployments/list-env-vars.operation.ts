import { DeploymentIdParams, EnvVarsQuery, EnvVarsResponse } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const listEnvVars = defineOperation({
  operationId: 'listEnvVars',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/env-vars',
  tag: 'Deployments',
  summary: "The deployment's environment variables",
  description:
    'Values of names containing PASS, SECRET, TOKEN, KEY or CREDENTIAL are stored encrypted and read back as `[ENCRYPTED]`; `reveal=true` shows them and needs SecretsManage.',
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  query: EnvVarsQuery,
  response: EnvVarsResponse,
  errors: ['NOT_FOUND'],
});
