import { ScimUserIdParams } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const deleteScimUser = defineOperation({
  operationId: 'deleteScimUser',
  method: 'DELETE',
  path: '/api/scim/v2/Users/{userId}',
  tag: 'Scim',
  summary: 'Delete a user (SCIM)',
  description: 'The user, their API keys and group memberships go.',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimUserIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
