import { SuccessResponse } from '../../schemas/common.schema.js';
import { EmbedGroupParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const deleteEmbedGroup = defineOperation({
  operationId: 'deleteEmbedGroup',
  method: 'DELETE',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups/{groupId}',
  tag: 'Embed',
  summary: 'Delete a group of an embed tenant, its memberships and the embed-access rules naming it',
  action: 'EmbedManage',
  params: EmbedGroupParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
