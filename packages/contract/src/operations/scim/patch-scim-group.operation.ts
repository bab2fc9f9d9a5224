import { ScimGroup, ScimGroupIdParams, ScimPatchInput } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const patchScimGroup = defineOperation({
  operationId: 'patchScimGroup',
  method: 'PATCH',
  path: '/api/scim/v2/Groups/{groupId}',
  tag: 'Scim',
  summary: 'Change a user group (SCIM PATCH)',
  description:
    '`add`/`remove`/`replace` of `members` (also `members[value eq "<id>"]` to remove one), `displayName` and `externalId`.',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimGroupIdParams,
  body: ScimPatchInput,
  requestContentType: 'application/scim+json',
  response: ScimGroup,
  responseContentType: 'application/scim+json',
  errors: ['NOT_FOUND', 'CONFLICT'],
});
