import {
  ListUserOAuthTokensQuery,
  UserOAuthTokensListResponse,
} from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const listUserOAuthTokens = defineOperation({
  operationId: 'listUserOAuthTokens',
  method: 'GET',
  path: '/api/v1/user-oauth-tokens',
  tag: 'UserOAuthTokens',
  summary: "List the caller's connections to OAuth integrations (never the tokens themselves)",
  action: null,
  query: ListUserOAuthTokensQuery,
  response: UserOAuthTokensListResponse,
});
