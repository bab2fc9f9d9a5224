import { UserGroup, UserGroupIdParams, UserGroupMembersInput } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const removeUserGroupMembers = defineOperation({
  operationId: 'removeUserGroupMembers',
  method: 'DELETE',
  path: '/api/v1/user-groups/{groupId}/users',
  tag: 'UserGroups',
  summary: 'Remove users from a group (a DELETE with a JSON body)',
  description:
    'Users not in the group are ignored. An id that names no user of the account is a 404 and nothing changes.',
  action: 'UsersManage',
  params: UserGroupIdParams,
  body: UserGroupMembersInput,
  response: UserGroup,
  errors: ['NOT_FOUND'],
});
