import { SuccessResponse } from '../../schemas/common.schema.js';
import { OAuthIntegrationIdParams } from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const deleteUserOAuthToken = defineOperation({
  operationId: 'deleteUserOAuthToken',
  method: 'DELETE',
  path: '/api/v1/user-oauth-tokens/{integrationId}',
  tag: 'UserOAuthTokens',
  summary:
    "Disconnect: revoke the caller's token at the provider (RFC 7009, when it has an endpoint) and delete it",
  description:
    'The token is deleted even when the provider cannot be reached or refuses: the platform forgets it either way.',
  action: null,
  params: OAuthIntegrationIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
