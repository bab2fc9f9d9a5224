import {
  ListOAuthIntegrationsQuery,
  OAuthIntegrationsListResponse,
} from '../../schemas/oauth-integration.schema.js';
import { defineOperation } from '../operation.js';

export const listOAuthIntegrations = defineOperation({
  operationId: 'listOAuthIntegrations',
  method: 'GET',
  path: '/api/v1/oauth-integrations',
  tag: 'OAuthIntegrations',
  summary: 'List the OAuth integrations of the account',
  description:
    'Any user of the account may read them, to connect their own account; client secrets read as [ENCRYPTED].',
  action: null,
  query: ListOAuthIntegrationsQuery,
  response: OAuthIntegrationsListResponse,
});
