import { ScimUser, ScimUserIdParams, ScimUserInput } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const replaceScimUser = defineOperation({
  operationId: 'replaceScimUser',
  method: 'PUT',
  path: '/api/scim/v2/Users/{userId}',
  tag: 'Scim',
  summary: 'Replace a user (SCIM)',
  description:
    'Name, `active` and `externalId` take the values sent (absent ones are cleared); `userName` must stay the e-mail the user has.',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimUserIdParams,
  body: ScimUserInput,
  requestContentType: 'application/scim+json',
  response: ScimUser,
  responseContentType: 'application/scim+json',
  errors: ['NOT_FOUND', 'CONFLICT'],
});
