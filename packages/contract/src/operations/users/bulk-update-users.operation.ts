import { BulkUsersInput, BulkUsersResponse } from '../../schemas/user.schema.js';
import { defineOperation } from '../operation.js';

export const bulkUpdateUsers = defineOperation({
  operationId: 'bulkUpdateUsers',
  method: 'POST',
  path: '/api/v1/users/bulk',
  tag: 'Users',
  summary: 'Activate, deactivate or delete many users',
  description: 'Always 200 when well-formed; each user that could not be changed is listed in `failed`.',
  action: 'UsersManage',
  body: BulkUsersInput,
  response: BulkUsersResponse,
});
