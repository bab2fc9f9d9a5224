import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { UserGroupMembersService } from './user-group-members.service.js';
import type { UserGroupsService } from './user-groups.service.js';

type UserGroupOperations = Pick<
  Operations,
  | 'listUserGroups'
  | 'createUserGroup'
  | 'getUserGroup'
  | 'updateUserGroup'
  | 'deleteUserGroup'
  | 'deleteGroup'
  | 'listUserGroupMembers'
  | 'addUserGroupMembers'
  | 'removeUserGroupMembers'
>;

export function userGroupsRoutes(
  userGroups: UserGroupsService,
  members: UserGroupMembersService,
): OperationHandlers<UserGroupOperations> {
  return {
    listUserGroups: ({ query, context }) => userGroups.list(context.principal, query),
    createUserGroup: ({ body, context }) => userGroups.create(context.principal, body),
    getUserGroup: ({ params, context }) => userGroups.get(context.principal, params.groupId),
    updateUserGroup: ({ params, body, context }) =>
      userGroups.update(context.principal, params.groupId, body),
    deleteUserGroup: ({ params, context }) => userGroups.delete(context.principal, params.groupId),
    deleteGroup: ({ params, context }) => userGroups.delete(context.principal, params.groupId),
    listUserGroupMembers: ({ params, query, context }) =>
      members.list(context.principal, params.groupId, query),
    addUserGroupMembers: ({ params, body, context }) =>
      members.add(context.principal, params.groupId, body.userIds),
    removeUserGroupMembers: ({ params, body, context }) =>
      members.remove(context.principal, params.groupId, body.userIds),
  };
}
