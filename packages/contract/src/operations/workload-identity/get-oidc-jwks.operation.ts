import { JsonWebKeySet } from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const getOidcJwks = defineOperation({
  operationId: 'getOidcJwks',
  method: 'GET',
  path: '/.well-known/jwks.json',
  tag: 'WorkloadIdentity',
  summary: 'The public keys that verify workload tokens (the `jwks_uri`)',
  description:
    'The current key and every retired key some unexpired token was signed with. Public and cacheable.',
  action: null,
  authScheme: 'none',
  response: JsonWebKeySet,
});
