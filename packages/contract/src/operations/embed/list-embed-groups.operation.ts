import {
  EmbedGroupsListResponse,
  EmbedTenantParams,
  ListEmbedPagingQuery,
} from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const listEmbedGroups = defineOperation({
  operationId: 'listEmbedGroups',
  method: 'GET',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups',
  tag: 'Embed',
  summary: 'List the groups of an embed tenant',
  action: 'EmbedManage',
  params: EmbedTenantParams,
  query: ListEmbedPagingQuery,
  response: EmbedGroupsListResponse,
  errors: ['NOT_FOUND'],
});
