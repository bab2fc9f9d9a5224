import { ScimServiceProviderConfig } from '../../schemas/scim.schema.js';
import { defineOperation } from '../operation.js';

export const getScimServiceProviderConfig = defineOperation({
  operationId: 'getScimServiceProviderConfig',
  method: 'GET',
  path: '/api/scim/v2/ServiceProviderConfig',
  tag: 'Scim',
  summary: 'What this SCIM service supports (RFC 7643 section 5)',
  action: 'UsersManage',
  authScheme: 'scim',
  response: ScimServiceProviderConfig,
  responseContentType: 'application/scim+json',
});
