import { SuccessResponse } from '../../schemas/common.schema.js';
import { UserGroupIdParams } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

export const deleteUserGroup = defineOperation({
  operationId: 'deleteUserGroup',
  method: 'DELETE',
  path: '/api/v1/user-groups/{groupId}',
  tag: 'UserGroups',
  summary: 'Delete a user group, its memberships and the resource policies granted to it',
  action: 'UsersManage',
  params: UserGroupIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
