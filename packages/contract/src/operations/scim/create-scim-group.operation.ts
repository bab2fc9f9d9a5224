import { ScimGroup, ScimGroupInput } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const createScimGroup = defineOperation({
  operationId: 'createScimGroup',
  method: 'POST',
  path: '/api/scim/v2/Groups',
  tag: 'Scim',
  summary: 'Create a user group (SCIM)',
  description:
    'Members are user ids of the account (400 `invalidValue` otherwise). A taken `displayName` is a 409 `uniqueness`.',
  action: 'UsersManage',
  authScheme: 'scim',
  body: ScimGroupInput,
  requestContentType: 'application/scim+json',
  successStatus: 201,
  response: ScimGroup,
  responseContentType: 'application/scim+json',
  errors: ['CONFLICT'],
});
