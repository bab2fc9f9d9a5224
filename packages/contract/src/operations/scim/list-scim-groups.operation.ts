import { ScimGroupsListResponse, ScimListQuery } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const listScimGroups = defineOperation({
  operationId: 'listScimGroups',
  method: 'GET',
  path: '/api/scim/v2/Groups',
  tag: 'Scim',
  summary: 'List user groups (SCIM)',
  description:
    'A SCIM ListResponse. `filter` takes `displayName eq` or `externalId eq`; `excludedAttributes=members` leaves members out.',
  action: 'UsersManage',
  authScheme: 'scim',
  query: ScimListQuery,
  response: ScimGroupsListResponse,
  responseContentType: 'application/scim+json',
});
