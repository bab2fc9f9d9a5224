import type * as contract from '@platform/contract';
import type { AuthorizationService } from '../identity/authorization.service.js';
import { assertCredentialWithin } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import { openIdConfigurationOf } from './openid-configuration.js';
import type { RotatedSigningKey, SigningKeysService } from './signing-keys.service.js';

/** Verifiers may keep the discovery document and the JWKS this long; jose refetches on an unknown kid. */
export const issuerDocumentsCacheControl = 'public, max-age=300';

/**
 * The platform as an OpenID Connect issuer: the discovery document and the JWKS anyone may read, and the
 * rotation of the one signing key every account's tokens share.
 */
export class OidcIssuerService {
  constructor(
    private readonly keys: SigningKeysService,
    private readonly authorization: AuthorizationService,
    private readonly config: { readonly publicUrl: string },
  ) {}

  openIdConfiguration(): contract.OpenIdConfiguration {
    return openIdConfigurationOf(this.config.publicUrl);
  }

  async jwks(): Promise<contract.JsonWebKeySet> {
    // A verifier may ask before any token was minted: the first key is made then, so the set is never empty.
    await this.keys.signingKey();
    return { keys: (await this.keys.publicKeys()) as contract.JsonWebKeySet['keys'] };
  }

  /**
   * A rotation invalidates no token (the retired key stays published while its tokens live), but the key
   * signs for every deployment: an admin's key not limited to some deployments.
   */
  async rotate(principal: Principal): Promise<RotatedSigningKey> {
    this.authorization.authorize(principal, 'SecretsManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    assertCredentialWithin(
      principal,
      { role: 'admin', deploymentIds: null },
      "rotating the platform's signing key",
    );
    return this.keys.rotate();
  }
}
