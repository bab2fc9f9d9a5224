import { ScimDiscoveryListResponse } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const listScimResourceTypes = defineOperation({
  operationId: 'listScimResourceTypes',
  method: 'GET',
  path: '/api/scim/v2/ResourceTypes',
  tag: 'Scim',
  summary: 'The SCIM resource types: User and Group (RFC 7643 section 6)',
  action: 'UsersManage',
  authScheme: 'scim',
  response: ScimDiscoveryListResponse,
  responseContentType: 'application/scim+json',
});
