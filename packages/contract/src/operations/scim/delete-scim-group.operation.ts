import { ScimGroupIdParams } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const deleteScimGroup = defineOperation({
  operationId: 'deleteScimGroup',
  method: 'DELETE',
  path: '/api/scim/v2/Groups/{groupId}',
  tag: 'Scim',
  summary: 'Delete a user group (SCIM)',
  description: 'The group, its memberships and the resource policies granted to it go.',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimGroupIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
