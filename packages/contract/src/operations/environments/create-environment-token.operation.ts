import {
  CreateEnvironmentTokenInput,
  CreateEnvironmentTokenResponse,
  EnvironmentParams,
} from '../../schemas/environment.schema.js';
import { defineOperation } from '../operation.js';

export const createEnvironmentToken = defineOperation({
  operationId: 'createEnvironmentToken',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens',
  tag: 'Environments',
  summary: "A data-API token bound to the environment's branch",
  description:
    "A deployment token (as POST .../token makes, with the same rights: DeploymentManage) that queries only the environment's branch. Its text is in this answer only.",
  action: 'DeploymentManage',
  params: EnvironmentParams,
  body: CreateEnvironmentTokenInput,
  successStatus: 201,
  response: CreateEnvironmentTokenResponse,
  errors: ['NOT_FOUND'],
});
