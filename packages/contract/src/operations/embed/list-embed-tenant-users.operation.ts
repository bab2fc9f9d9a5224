import {
  EmbedTenantParams,
  EmbedUsersListResponse,
  ListEmbedPagingQuery,
} from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const listEmbedTenantUsers = defineOperation({
  operationId: 'listEmbedTenantUsers',
  method: 'GET',
  path: '/api/v1/embed-tenants/{embedTenantName}/users',
  tag: 'Embed',
  summary: 'List the users of an embed tenant',
  description: 'Users are added by generate-session; an ephemeral user is listed until it expires.',
  action: 'EmbedManage',
  params: EmbedTenantParams,
  query: ListEmbedPagingQuery,
  response: EmbedUsersListResponse,
  errors: ['NOT_FOUND'],
});
