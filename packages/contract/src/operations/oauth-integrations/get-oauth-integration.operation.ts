import { OAuthIntegration, OAuthIntegrationIdParams } from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const getOAuthIntegration = defineOperation({
  operationId: 'getOAuthIntegration',
  method: 'GET',
  path: '/api/v1/oauth-integrations/{integrationId}',
  tag: 'OAuthIntegrations',
  summary: 'Get one OAuth integration (its client secret reads as [ENCRYPTED])',
  action: null,
  params: OAuthIntegrationIdParams,
  response: OAuthIntegration,
  errors: ['NOT_FOUND'],
});
