import type * as contract from '@platform/contract';
import { signingAlgorithm } from './signing-keys.service.js';

export const jwksPath = '/.well-known/jwks.json';

/**
 * OpenID Connect Discovery 1.0 for an issuer of workload tokens only: no authorization or token endpoint
 * (nothing signs in here), `id_token` as the one response type the format requires, public subjects.
 */
export function openIdConfigurationOf(publicUrl: string): contract.OpenIdConfiguration {
  return {
    issuer: publicUrl,
    jwks_uri: `${publicUrl}${jwksPath}`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [signingAlgorithm],
    claims_supported: ['iss', 'sub', 'aud', 'iat', 'exp', 'jti'],
    scopes_supported: ['openid'],
  };
}
