import { CreateEmbedGroupInput, EmbedGroup, EmbedTenantParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const createEmbedGroup = defineOperation({
  operationId: 'createEmbedGroup',
  method: 'POST',
  path: '/api/v1/embed-tenants/{embedTenantName}/groups',
  tag: 'Embed',
  summary: 'Create a group of an embed tenant',
  description:
    'Names are unique in the tenant (409 otherwise). Sessions put users in groups by name (`tenantGroups`), and embed-access rules may name a group.',
  action: 'EmbedManage',
  params: EmbedTenantParams,
  body: CreateEmbedGroupInput,
  successStatus: 201,
  response: EmbedGroup,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
