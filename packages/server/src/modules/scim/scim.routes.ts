import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { ScimDiscovery } from './scim-discovery.js';
import type { ScimGroupsService } from './scim-groups.service.js';
import type { ScimUsersService } from './scim-users.service.js';

type ScimOperations = Pick<
  Operations,
  | 'listScimUsers'
  | 'createScimUser'
  | 'getScimUser'
  | 'replaceScimUser'
  | 'patchScimUser'
  | 'deleteScimUser'
  | 'listScimGroups'
  | 'createScimGroup'
  | 'getScimGroup'
  | 'replaceScimGroup'
  | 'patchScimGroup'
  | 'deleteScimGroup'
  | 'getScimServiceProviderConfig'
  | 'listScimResourceTypes'
  | 'listScimSchemas'
>;

export function scimRoutes(
  users: ScimUsersService,
  groups: ScimGroupsService,
  discovery: ScimDiscovery,
): OperationHandlers<ScimOperations> {
  return {
    listScimUsers: ({ query, context }) => users.list(context.principal, query),
    createScimUser: ({ body, context }) => users.create(context.principal, body),
    getScimUser: ({ params, context }) => users.get(context.principal, params.userId),
    replaceScimUser: ({ params, body, context }) => users.replace(context.principal, params.userId, body),
    patchScimUser: ({ params, body, context }) =>
      users.patch(context.principal, params.userId, body.Operations),
    deleteScimUser: async ({ params, context }) => {
      await users.delete(context.principal, params.userId);
      return undefined;
    },
    listScimGroups: ({ query, context }) => groups.list(context.principal, query),
    createScimGroup: ({ body, context }) => groups.create(context.principal, body),
    getScimGroup: ({ params, query, context }) =>
      groups.get(context.principal, params.groupId, query.excludedAttributes),
    replaceScimGroup: ({ params, body, context }) => groups.replace(context.principal, params.groupId, body),
    patchScimGroup: ({ params, body, context }) =>
      groups.patch(context.principal, params.groupId, body.Operations),
    deleteScimGroup: async ({ params, context }) => {
      await groups.delete(context.principal, params.groupId);
      return undefined;
    },
    getScimServiceProviderConfig: async () => discovery.serviceProviderConfig(),
    listScimResourceTypes: async () => discovery.resourceTypes(),
    listScimSchemas: async () => discovery.schemas(),
  };
}
