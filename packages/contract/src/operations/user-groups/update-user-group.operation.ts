import { UpdateUserGroupInput, UserGroup, UserGroupIdParams } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const updateUserGroup = defineOperation({
  operationId: 'updateUserGroup',
  method: 'PUT',
  path: '/api/v1/user-groups/{groupId}',
  tag: 'UserGroups',
  summary: 'Rename a user group or change its description (partial)',
  description: 'Access policies of a model match the new name from the next query on.',
  action: 'UsersManage',
  params: UserGroupIdParams,
  body: UpdateUserGroupInput,
  response: UserGroup,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
