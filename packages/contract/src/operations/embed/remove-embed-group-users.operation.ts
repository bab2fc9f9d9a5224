import { EmbedGroup, EmbedGroupMembersInput, EmbedGroupParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const removeEmbedGroupUsers = defineOperation({
  operationId: 'removeEmbedGroupUsers',
  method: 'DELETE',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups/{groupId}/users',
  tag: 'Embed',
  summary: 'Remove users from a group of an embed tenant (a DELETE with a JSON body)',
  description:
    'Users of the tenant not in the group are ignored. An `externalId` that names no user of this tenant is a 404 naming every such id, and nothing changes.',
  action: 'EmbedManage',
  params: EmbedGroupParams,
  body: EmbedGroupMembersInput,
  response: EmbedGroup,
  errors: ['NOT_FOUND'],
});
