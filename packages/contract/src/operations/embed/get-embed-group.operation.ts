import { EmbedGroup, EmbedGroupParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const getEmbedGroup = defineOperation({
  operationId: 'getEmbedGroup',
  method: 'GET',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups/{groupId}',
  tag: 'Embed',
  summary: 'Get one group of an embed tenant',
  action: 'EmbedManage',
  params: EmbedGroupParams,
  response: EmbedGroup,
  errors: ['NOT_FOUND'],
});
