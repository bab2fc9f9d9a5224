import {
  CreateEnvironmentTokenInput,
  CreateEnvironmentTokenResponse,
  EnvironmentParams,
} from '../../schemas/environment.schema.js';
import { defineOperation } from '../operation.js';

export const createEnvironmentMetaSyncToken = defineOperation({
  operationId: 'createEnvironmentMetaSyncToken',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens-for-meta-sync',
  tag: 'Environments',
  summary: "A data-API token that only reads the environment's metadata",
  description:
    "Like POST .../tokens (the same body and rights: DeploymentManage), but the token carries the `meta` scope only: the data API's metadata (`/v1/meta`) answers it and every other data-API operation answers 403. For tools that sync the model's metadata and must never read data. `scopes`, when given, may only name `meta`. Its text is in this answer only.",
  action: 'DeploymentManage',
  params: EnvironmentParams,
  body: CreateEnvironmentTokenInput,
  successStatus: 201,
  response: CreateEnvironmentTokenResponse,
  errors: ['NOT_FOUND'],
});
