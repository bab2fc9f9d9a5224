import {
  EmbedGroupParams,
  EmbedUsersListResponse,
  ListEmbedPagingQuery,
} from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const listEmbedGroupUsers = defineOperation({
  operationId: 'listEmbedGroupUsers',
  method: 'GET',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups/{groupId}/users',
  tag: 'Embed',
  summary: 'List the users of a group of an embed tenant',
  action: 'EmbedManage',
  params: EmbedGroupParams,
  query: ListEmbedPagingQuery,
  response: EmbedUsersListResponse,
  errors: ['NOT_FOUND'],
});
