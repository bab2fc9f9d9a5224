import { ScimGroup, ScimGroupIdParams, ScimResourceQuery } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const getScimGroup = defineOperation({
  operationId: 'getScimGroup',
  method: 'GET',
  path: '/api/scim/v2/Groups/{groupId}',
  tag: 'Scim',
  summary: 'Get one user group (SCIM)',
  action: 'UsersManage',
  authScheme: 'scim',
  params: ScimGroupIdParams,
  query: ScimResourceQuery,
  response: ScimGroup,
  responseContentType: 'application/scim+json',
  errors: ['NOT_FOUND'],
});
