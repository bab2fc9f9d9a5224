import {
  OidcTokenConfig,
  OidcTokenConfigIdParams,
  UpdateOidcTokenConfigInput,
} from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const updateOidcTokenConfig = defineOperation({
  operationId: 'updateOidcTokenConfig',
  method: 'PUT',
  path: '/api/v1/oidc-token-configs/{configId}',
  tag: 'WorkloadIdentity',
  summary: 'Change an OIDC token configuration (partial)',
  description:
    'Connections see the change on their next use; a token already issued stays valid until it expires.',
  action: 'SecretsManage',
  params: OidcTokenConfigIdParams,
  body: UpdateOidcTokenConfigInput,
  response: OidcTokenConfig,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
});
