import {
  InitiatedOAuthConnection,
  OAuthIntegrationIdParams,
} from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const initiateUserOAuthToken = defineOperation({
  operationId: 'initiateUserOAuthToken',
  method: 'POST',
  path: '/api/v1/user-oauth-tokens/{integrationId}/initiate',
  tag: 'UserOAuthTokens',
  summary: "Start connecting the caller's account at the provider (authorization code with PKCE)",
  description:
    'Answers the authorization URL to open in a browser. Its single-use state is valid for 10 minutes; the provider sends the browser back to the callback, which stores the tokens.',
  action: null,
  params: OAuthIntegrationIdParams,
  response: InitiatedOAuthConnection,
  errors: ['NOT_FOUND'],
});
