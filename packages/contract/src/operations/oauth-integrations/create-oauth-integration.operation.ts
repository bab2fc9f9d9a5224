import { CreateOAuthIntegrationInput, OAuthIntegration } from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const createOAuthIntegration = defineOperation({
  operationId: 'createOAuthIntegration',
  method: 'POST',
  path: '/api/v1/oauth-integrations',
  tag: 'OAuthIntegrations',
  summary: 'Create an OAuth integration (the platform as an OAuth client of another service)',
  description:
    'The client secret is stored encrypted. Register the answer’s redirectUri at the provider. Names are unique in the account (409 otherwise).',
  action: 'SecretsManage',
  body: CreateOAuthIntegrationInput,
  successStatus: 201,
  response: OAuthIntegration,
  errors: ['CONFLICT'],
});
