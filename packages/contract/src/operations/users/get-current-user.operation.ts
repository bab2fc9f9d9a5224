import { CurrentUser } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const getCurrentUser = defineOperation({
  operationId: 'getCurrentUser',
  method: 'GET',
  path: '/api/v1/users/me',
  tag: 'Users',
  summary: 'The user, account and rights behind the credential',
  action: null,
  response: CurrentUser,
});
