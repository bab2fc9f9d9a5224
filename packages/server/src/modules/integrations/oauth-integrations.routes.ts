import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { OAuthIntegrationsService } from './oauth-integrations.service.js';

type OAuthIntegrationOperations = Pick<
  Operations,
  | 'listOAuthIntegrations'
  | 'createOAuthIntegration'
  | 'getOAuthIntegration'
  | 'updateOAuthIntegration'
  | 'deleteOAuthIntegration'
>;

export function oauthIntegrationsRoutes(
  integrations: OAuthIntegrationsService,
): OperationHandlers<OAuthIntegrationOperations> {
  return {
    listOAuthIntegrations: ({ query, context }) => integrations.list(context.principal, query),
    createOAuthIntegration: ({ body, context }) => integrations.create(context.principal, body),
    getOAuthIntegration: ({ params, context }) => integrations.get(context.principal, params.integrationId),
    updateOAuthIntegration: ({ params, body, context }) =>
      integrations.update(context.principal, params.integrationId, body),
    deleteOAuthIntegration: ({ params, context }) =>
      integrations.delete(context.principal, params.integrationId),
  };
}
