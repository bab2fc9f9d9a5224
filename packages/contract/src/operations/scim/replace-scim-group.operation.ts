import { ScimGroup, ScimGroupIdParams, ScimGroupInput } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const replaceScimGroup = defineOperation({
  operationId: 'replaceScimGroup',
  method: 'PUT',
  path: '/api/scim/v2/Groups/{groupId}',
  tag: 'Scim',
  summary: 'Replace a user group (SCIM)',
  description: 'The members become exactly the ones sent.',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimGroupIdParams,
  body: ScimGroupInput,
  requestContentType: 'application/scim+json',
  response: ScimGroup,
  responseContentType: 'application/scim+json',
  errors: ['NOT_FOUND', 'CONFLICT'],
});
