import { ListUsersQuery, UsersListResponse } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const listUsers = defineOperation({
  operationId: 'listUsers',
  method: 'GET',
  path: '/api/v1/users',
  tag: 'Users',
  summary: 'List the users of the account',
  action: null,
  query: ListUsersQuery,
  response: UsersListResponse,
});
