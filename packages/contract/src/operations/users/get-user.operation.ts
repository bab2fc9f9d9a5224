import { User, UserIdParams } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const getUser = defineOperation({
  operationId: 'getUser',
  method: 'GET',
  path: '/api/v1/users/{userId}',
  tag: 'Users',
  summary: 'Get one user',
  action: null,
  params: UserIdParams,
  response: User,
  errors: ['NOT_FOUND'],
});
