import { UserGroup, UserGroupIdParams, UserGroupMembersInput } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const addUserGroupMembers = defineOperation({
  operationId: 'addUserGroupMembers',
  method: 'POST',
  path: '/api/v1/user-groups/{groupId}/users',
  tag: 'UserGroups',
  summary: 'Add users to a group',
  description:
    'Users already in the group stay as they are. An id that names no user of the account is a 404 and nothing changes.',
  action: 'UsersManage',
  params: UserGroupIdParams,
  body: UserGroupMembersInput,
  response: UserGroup,
  errors: ['NOT_FOUND'],
});
