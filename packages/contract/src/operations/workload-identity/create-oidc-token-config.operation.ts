import { CreateOidcTokenConfigInput, OidcTokenConfig } from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const createOidcTokenConfig = defineOperation({
  operationId: 'createOidcTokenConfig',
  method: 'POST',
  path: '/api/v1/oidc-token-configs',
  tag: 'WorkloadIdentity',
  summary: "Have the platform put a token it signs into deployments' warehouse connections",
  description:
    'Every covered deployment (`deploymentIds`, null for all) sees a fresh token in `targetEnvVar`, renewed ' +
    'before it expires. Two enabled configurations may not fill the same variable of one deployment (409).',
  action: 'SecretsManage',
  body: CreateOidcTokenConfigInput,
  successStatus: 201,
  response: OidcTokenConfig,
  errors: ['FORBIDDEN', 'CONFLICT'],
});
