import { CreateUserInput, User } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const createUser = defineOperation({
  operationId: 'createUser',
  method: 'POST',
  path: '/api/v1/users',
  tag: 'Users',
  summary: 'Create a user in the account',
  action: 'UsersManage',
  body: CreateUserInput,
  successStatus: 201,
  response: User,
  errors: ['CONFLICT'],
});
