import { UpdateUserInput, User, UserIdParams } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const updateUser = defineOperation({
  operationId: 'updateUser',
  method: 'PUT',
  path: '/api/v1/users/{userId}',
  tag: 'Users',
  summary: "Change a user's name, role or status (partial)",
  description: 'Deactivating a user stops every API key of that user at once.',
  action: 'UsersManage',
  params: UserIdParams,
  body: UpdateUserInput,
  response: User,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
