import { SuccessResponse } from '../../schemas/common.schema.js';
import { OAuthIntegrationIdParams } from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const deleteOAuthIntegration = defineOperation({
  operationId: 'deleteOAuthIntegration',
  method: 'DELETE',
  path: '/api/v1/oauth-integrations/{integrationId}',
  tag: 'OAuthIntegrations',
  summary: "Delete an OAuth integration and every user's tokens of it",
  action: 'SecretsManage',
  params: OAuthIntegrationIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
