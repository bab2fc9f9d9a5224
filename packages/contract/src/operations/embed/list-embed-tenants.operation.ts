import { EmbedTenantsListResponse, ListEmbedTenantsQuery } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const listEmbedTenants = defineOperation({
  operationId: 'listEmbedTenants',
  method: 'GET',
  path: '/api/v1/embed-tenants',
  tag: 'Embed',
  summary: 'List the embed tenants of the account',
  description:
    'Tenants are created by generate-session on first use. `userCount` counts their users that have not expired.',
  action: 'EmbedManage',
  query: ListEmbedTenantsQuery,
  response: EmbedTenantsListResponse,
});
