import {
  OAuthIntegration,
  OAuthIntegrationIdParams,
  UpdateOAuthIntegrationInput,
} from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const updateOAuthIntegration = defineOperation({
  operationId: 'updateOAuthIntegration',
  method: 'PUT',
  path: '/api/v1/oauth-integrations/{integrationId}',
  tag: 'OAuthIntegrations',
  summary: 'Change an OAuth integration (partial; without clientSecret the stored one stays)',
  description:
    "A new clientId, authorizationUrl or tokenUrl makes the users' tokens of the old client revoked: they connect again.",
  action: 'SecretsManage',
  params: OAuthIntegrationIdParams,
  body: UpdateOAuthIntegrationInput,
  response: OAuthIntegration,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
