import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { OAuthConnectionsService } from './oauth-connections.service.js';
import type { UserOAuthTokensService } from './user-oauth-tokens.service.js';

type UserOAuthTokenOperations = Pick<
  Operations,
  | 'listUserOAuthTokens'
  | 'getUserOAuthToken'
  | 'deleteUserOAuthToken'
  | 'initiateUserOAuthToken'
  | 'completeOAuthCallback'
>;

export function userOAuthTokensRoutes(
  tokens: UserOAuthTokensService,
  connections: OAuthConnectionsService,
): OperationHandlers<UserOAuthTokenOperations> {
  return {
    listUserOAuthTokens: ({ query, context }) => tokens.list(context.principal, query),
    getUserOAuthToken: ({ params, context }) => tokens.get(context.principal, params.integrationId),
    deleteUserOAuthToken: ({ params, context }) => tokens.delete(context.principal, params.integrationId),
    initiateUserOAuthToken: ({ params, context }) =>
      connections.initiate(context.principal, params.integrationId),
    completeOAuthCallback: ({ query }) => connections.complete(query),
  };
}
