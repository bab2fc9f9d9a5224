import {
  CreateOidcTokenInput,
  OidcToken,
  OidcTokenConfigIdParams,
} from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const createOidcToken = defineOperation({
  operationId: 'createOidcToken',
  method: 'POST',
  path: '/api/v1/oidc-token-configs/{configId}/token',
  tag: 'WorkloadIdentity',
  summary: 'Mint a token as a covered deployment would get it, to test a trust policy',
  description:
    'The configuration must be enabled (409) and cover the deployment (400). The token is the one a ' +
    'connection sees: `iss` the public URL, `sub` `deployment:<id>`, `aud`, `iat`, `exp`, `jti`.',
  action: 'SecretsManage',
  params: OidcTokenConfigIdParams,
  body: CreateOidcTokenInput,
  response: OidcToken,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
