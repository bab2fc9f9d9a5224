import { SuccessResponse } from '../../schemas/common.schema.js';
import { UserGroupIdParams } from '../../schemas/user-group.schema.js';
import { defineOperation } from '../operation.js';

/** The path the hosted CLI's `groups delete` calls; the same as `deleteUserGroup`. */
export const deleteGroup = defineOperation({
  operationId: 'deleteGroup',
  method: 'DELETE',
  path: '/api/v1/groups/{groupId}',
  tag: 'UserGroups',
  summary: 'Delete a user group (the same as DELETE /api/v1/user-groups/{groupId})',
  action: 'UsersManage',
  params: UserGroupIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND'],
});
