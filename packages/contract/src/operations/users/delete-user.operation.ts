import { SuccessResponse } from '../../schemas/common.schema.js';
import { UserIdParams } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const deleteUser = defineOperation({
  operationId: 'deleteUser',
  method: 'DELETE',
  path: '/api/v1/users/{userId}',
  tag: 'Users',
  summary: 'Delete a user and their API keys',
  action: 'UsersManage',
  params: UserIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
