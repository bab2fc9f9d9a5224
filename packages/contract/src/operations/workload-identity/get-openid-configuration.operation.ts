import { OpenIdConfiguration } from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const getOpenIdConfiguration = defineOperation({
  operationId: 'getOpenIdConfiguration',
  method: 'GET',
  path: '/.well-known/openid-configuration',
  tag: 'WorkloadIdentity',
  summary: 'OpenID Connect discovery: the platform as the issuer of its workload tokens',
  description: 'Public and cacheable; a warehouse or cloud account that trusts the platform reads it.',
  action: null,
  authScheme: 'none',
  response: OpenIdConfiguration,
});
