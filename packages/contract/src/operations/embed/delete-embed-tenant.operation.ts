import { EmbedTenantParams } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const deleteEmbedTenant = defineOperation({
  operationId: 'deleteEmbedTenant',
  method: 'DELETE',
  path: '/api/v1/embed-tenants/{embedTenantName}',
  tag: 'Embed',
  summary: 'Delete an embed tenant with its users, groups and embed-access rules',
  description:
    'In one transaction: its users (the external users themselves, so they no longer count against `externalUsersLimit`, with their chat threads), its groups, the embed-access rules naming it or its groups, and its sessions not yet exchanged. Tokens already issued to its users stop opening dashboards.',
  action: 'EmbedManage',
  params: EmbedTenantParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
