import { ScimUser, ScimUserIdParams } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const getScimUser = defineOperation({
  operationId: 'getScimUser',
  method: 'GET',
  path: '/api/scim/v2/Users/{userId}',
  tag: 'Scim',
  summary: 'Get one user (SCIM)',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimUserIdParams,
  response: ScimUser,
  responseContentType: 'application/scim+json',
  errors: ['NOT_FOUND'],
});
