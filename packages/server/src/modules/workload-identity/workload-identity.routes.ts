import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import { issuerDocumentsCacheControl, type OidcIssuerService } from './oidc-issuer.service.js';
import type { OidcTestTokensService } from './oidc-test-tokens.service.js';
import type { OidcTokenConfigsService } from './oidc-token-configs.service.js';

type WorkloadIdentityOperations = Pick<
  Operations,
  | 'listOidcTokenConfigs'
  | 'createOidcTokenConfig'
  | 'getOidcTokenConfig'
  | 'updateOidcTokenConfig'
  | 'deleteOidcTokenConfig'
  | 'createOidcToken'
  | 'rotateOidcSigningKey'
  | 'getOpenIdConfiguration'
  | 'getOidcJwks'
>;

export function workloadIdentityRoutes(services: {
  oidcTokenConfigs: OidcTokenConfigsService;
  oidcTestTokens: OidcTestTokensService;
  oidcIssuer: OidcIssuerService;
}): OperationHandlers<WorkloadIdentityOperations> {
  const { oidcTokenConfigs, oidcTestTokens, oidcIssuer } = services;
  return {
    listOidcTokenConfigs: ({ query, context }) => oidcTokenConfigs.list(context.principal, query),
    createOidcTokenConfig: ({ body, context }) => oidcTokenConfigs.create(context.principal, body),
    getOidcTokenConfig: ({ params, context }) => oidcTokenConfigs.get(context.principal, params.configId),
    updateOidcTokenConfig: ({ params, body, context }) =>
      oidcTokenConfigs.update(context.principal, params.configId, body),
    deleteOidcTokenConfig: ({ params, context }) =>
      oidcTokenConfigs.delete(context.principal, params.configId),
    createOidcToken: ({ params, body, context }) =>
      oidcTestTokens.create(context.principal, params.configId, body.deploymentId),
    rotateOidcSigningKey: ({ context }) => oidcIssuer.rotate(context.principal),
    getOpenIdConfiguration: async ({ context }) => {
      context.setResponseHeader('cache-control', issuerDocumentsCacheControl);
      return oidcIssuer.openIdConfiguration();
    },
    getOidcJwks: async ({ context }) => {
      context.setResponseHeader('cache-control', issuerDocumentsCacheControl);
      return oidcIssuer.jwks();
    },
  };
}
