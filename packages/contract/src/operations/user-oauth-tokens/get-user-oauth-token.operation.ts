import { OAuthIntegrationIdParams, UserOAuthToken } from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const getUserOAuthToken = defineOperation({
  operationId: 'getUserOAuthToken',
  method: 'GET',
  path: '/api/v1/user-oauth-tokens/{integrationId}',
  tag: 'UserOAuthTokens',
  summary: "The caller's connection to one OAuth integration (never the tokens themselves)",
  action: null,
  params: OAuthIntegrationIdParams,
  response: UserOAuthToken,
  errors: ['NOT_FOUND'],
});
