import { ScimDiscoveryListResponse } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const listScimSchemas = defineOperation({
  operationId: 'listScimSchemas',
  method: 'GET',
  path: '/api/scim/v2/Schemas',
  tag: 'Scim',
  summary: 'The SCIM schemas of users and groups (RFC 7643 section 7)',
  action: 'UsersManage',
  authScheme: 'scim',
  response: ScimDiscoveryListResponse,
  responseContentType: 'application/scim+json',
});
