import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { EmbedGroupMembersService } from './embed-group-members.service.js';
import type { EmbedGroupsService } from './embed-groups.service.js';
import type { EmbedTenantsService } from './embed-tenants.service.js';

type EmbedTenantOperations = Pick<
  Operations,
  | 'listEmbedTenants'
  | 'deleteEmbedTenant'
  | 'listEmbedTenantUsers'
  | 'listEmbedGroups'
  | 'createEmbedGroup'
  | 'getEmbedGroup'
  | 'updateEmbedGroup'
  | 'deleteEmbedGroup'
  | 'listEmbedGroupUsers'
  | 'addEmbedGroupUsers'
  | 'removeEmbedGroupUsers'
>;

export function embedTenantsRoutes(
  tenants: EmbedTenantsService,
  groups: EmbedGroupsService,
  members: EmbedGroupMembersService,
): OperationHandlers<EmbedTenantOperations> {
  return {
    listEmbedTenants: ({ query, context }) => tenants.list(context.principal, query),
    deleteEmbedTenant: ({ params, context }) => tenants.delete(context.principal, params.embedTenantName),
    listEmbedTenantUsers: ({ params, query, context }) =>
      tenants.listUsers(context.principal, params.embedTenantName, query),
    listEmbedGroups: ({ params, query, context }) =>
      groups.list(context.principal, params.embedTenantName, query),
    createEmbedGroup: ({ params, body, context }) =>
      groups.create(context.principal, params.embedTenantName, body),
    getEmbedGroup: ({ params, context }) =>
      groups.get(context.principal, params.embedTenantName, params.groupId),
    updateEmbedGroup: ({ params, body, context }) =>
      groups.update(context.principal, params.embedTenantName, params.groupId, body),
    deleteEmbedGroup: ({ params, context }) =>
      groups.delete(context.principal, params.embedTenantName, params.groupId),
    listEmbedGroupUsers: ({ params, query, context }) =>
      members.list(context.principal, params.embedTenantName, params.groupId, query),
    addEmbedGroupUsers: ({ params, body, context }) =>
      members.add(context.principal, params.embedTenantName, params.groupId, body.externalIds),
    removeEmbedGroupUsers: ({ params, body, context }) =>
      members.remove(context.principal, params.embedTenantName, params.groupId, body.externalIds),
  };
}
