import { UsersListResponse } from '../../schemas/user.schema.js';
import { ListUserGroupMembersQuery, UserGroupIdParams } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const listUserGroupMembers = defineOperation({
  operationId: 'listUserGroupMembers',
  method: 'GET',
  path: '/api/v1/user-groups/{groupId}/users',
  tag: 'UserGroups',
  summary: 'List the users of a group',
  action: null,
  params: UserGroupIdParams,
  query: ListUserGroupMembersQuery,
  response: UsersListResponse,
  errors: ['NOT_FOUND'],
});
