import { PagingQuery } from '../../schemas/common.schema.js';
import { EnvironmentParams, EnvironmentTokensListResponse } from '../../schemas/environment.schema.js';
import { defineOperation } from '../operation.js';

export const listEnvironmentTokens = defineOperation({
  operationId: 'listEnvironmentTokens',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/environments/{environmentId}/tokens',
  tag: 'Environments',
  summary: 'The tokens made for an environment, newest first, masked',
  action: 'DeploymentRead',
  params: EnvironmentParams,
  query: PagingQuery,
  response: EnvironmentTokensListResponse,
  errors: ['NOT_FOUND'],
});
