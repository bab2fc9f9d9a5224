import { EmbedGroup, EmbedGroupParams, UpdateEmbedGroupInput } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const updateEmbedGroup = defineOperation({
  operationId: 'updateEmbedGroup',
  method: 'PATCH',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups/{groupId}',
  tag: 'Embed',
  summary: 'Rename a group of an embed tenant or change its description (partial)',
  description:
    'Sessions name the group by its new name from now on (409 when the tenant has a group of that name).',
  action: 'EmbedManage',
  params: EmbedGroupParams,
  body: UpdateEmbedGroupInput,
  response: EmbedGroup,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
