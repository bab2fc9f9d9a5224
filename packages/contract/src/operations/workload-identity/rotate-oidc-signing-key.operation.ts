import { OidcSigningKey } from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const rotateOidcSigningKey = defineOperation({
  operationId: 'rotateOidcSigningKey',
  method: 'POST',
  path: '/api/v1/oidc-signing-keys/rotate',
  tag: 'WorkloadIdentity',
  summary: "Replace the platform's token signing key now",
  description:
    'New tokens are signed with a new key at once; the old public key stays in the JWKS until every ' +
    'token it signed has expired. Keys also rotate on their own every 30 days.',
  action: 'SecretsManage',
  successStatus: 201,
  response: OidcSigningKey,
  errors: ['FORBIDDEN'],
});
