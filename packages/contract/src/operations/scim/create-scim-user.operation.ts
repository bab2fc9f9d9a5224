import { ScimUser, ScimUserInput } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const createScimUser = defineOperation({
  operationId: 'createScimUser',
  method: 'POST',
  path: '/api/scim/v2/Users',
  tag: 'Scim',
  summary: 'Create a user (SCIM)',
  description:
    '`userName` is the e-mail the user signs in with; the user gets the viewer role. `active: false` creates them deactivated. A taken `userName` is a 409 `uniqueness`.',
  action: 'UsersManage',
  authScheme: 'scim',
  body: ScimUserInput,
  requestContentType: 'application/scim+json',
  successStatus: 201,
  response: ScimUser,
  responseContentType: 'application/scim+json',
  errors: ['CONFLICT'],
});
