import { OAuthCallbackPage, OAuthCallbackQuery } from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const completeOAuthCallback = defineOperation({
  operationId: 'completeOAuthCallback',
  method: 'GET',
  path: '/api/v1/oauth/callback',
  tag: 'UserOAuthTokens',
  summary: 'Where the provider sends the browser back: exchanges the code and stores the tokens encrypted',
  description:
    'The state names the user and the integration, so no credential is needed (an unknown, used or expired state is a 401). A refusal by the provider is a 400 and nothing is stored.',
  action: null,
  authScheme: 'none',
  query: OAuthCallbackQuery,
  response: OAuthCallbackPage,
  responseContentType: 'text/html',
  errors: ['BAD_GATEWAY'],
});
