import { EmbedGroup, EmbedGroupMembersInput, EmbedGroupParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const addEmbedGroupUsers = defineOperation({
  operationId: 'addEmbedGroupUsers',
  method: 'POST',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups/{groupId}/users',
  tag: 'Embed',
  summary: 'Add users of the embed tenant to one of its groups',
  description:
    'Users already in the group stay as they are. An `externalId` that names no user of this tenant is a 404 naming every such id, and nothing changes.',
  action: 'EmbedManage',
  params: EmbedGroupParams,
  body: EmbedGroupMembersInput,
  response: EmbedGroup,
  errors: ['NOT_FOUND'],
});
