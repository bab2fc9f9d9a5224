import { SuccessResponse } from '../../schemas/common.schema.js';
import { OidcTokenConfigIdParams } from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const deleteOidcTokenConfig = defineOperation({
  operationId: 'deleteOidcTokenConfig',
  method: 'DELETE',
  path: '/api/v1/oidc-token-configs/{configId}',
  tag: 'WorkloadIdentity',
  summary: 'Delete an OIDC token configuration: connections stop getting its tokens',
  action: 'SecretsManage',
  params: OidcTokenConfigIdParams,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
