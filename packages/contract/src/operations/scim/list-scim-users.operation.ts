import { ScimListQuery, ScimUsersListResponse } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const listScimUsers = defineOperation({
  operationId: 'listScimUsers',
  method: 'GET',
  path: '/api/scim/v2/Users',
  tag: 'Scim',
  summary: 'List users (SCIM)',
  description:
    'A SCIM ListResponse. `filter` takes `userName eq`, `externalId eq` or `emails.value eq` (anything else is a 400 `invalidFilter`); `startIndex` is 1-based.',
  action: 'UsersManage',
  authScheme: 'scim',
  query: ScimListQuery,
  response: ScimUsersListResponse,
  responseContentType: 'application/scim+json',
});
