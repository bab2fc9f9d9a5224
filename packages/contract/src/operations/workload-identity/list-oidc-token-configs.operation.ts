import {
  ListOidcTokenConfigsQuery,
  OidcTokenConfigsListResponse,
} from '../../schemas/oidc-token-config.schema.js';
import { defineOperation } from '../operation.js';

export const listOidcTokenConfigs = defineOperation({
  operationId: 'listOidcTokenConfigs',
  method: 'GET',
  path: '/api/v1/oidc-token-configs',
  tag: 'WorkloadIdentity',
  summary: 'List the OIDC token configurations of the account',
  action: 'SecretsManage',
  query: ListOidcTokenConfigsQuery,
  response: OidcTokenConfigsListResponse,
});
