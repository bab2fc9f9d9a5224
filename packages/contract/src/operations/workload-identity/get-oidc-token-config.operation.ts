import { OidcTokenConfig, OidcTokenConfigIdParams } from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const getOidcTokenConfig = defineOperation({
  operationId: 'getOidcTokenConfig',
  method: 'GET',
  path: '/api/v1/oidc-token-configs/{configId}',
  tag: 'WorkloadIdentity',
  summary: 'Get one OIDC token configuration',
  action: 'SecretsManage',
  params: OidcTokenConfigIdParams,
  response: OidcTokenConfig,
  errors: ['NOT_FOUND'],
});
