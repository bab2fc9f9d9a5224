import { ScimPatchInput, ScimUser, ScimUserIdParams } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const patchScimUser = defineOperation({
  operationId: 'patchScimUser',
  method: 'PATCH',
  path: '/api/scim/v2/Users/{userId}',
  tag: 'Scim',
  summary: 'Change a user (SCIM PATCH)',
  description:
    'Operations `add`, `replace`, `remove` (any case) on `active`, `name.givenName`, `name.familyName`, `name.formatted`, `displayName`, `externalId`, or without a path with an object of them. `active: false` deactivates: the user can no longer sign in or use their API keys.',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimUserIdParams,
  body: ScimPatchInput,
  requestContentType: 'application/scim+json',
  response: ScimUser,
  responseContentType: 'application/scim+json',
  errors: ['NOT_FOUND', 'CONFLICT'],
});
