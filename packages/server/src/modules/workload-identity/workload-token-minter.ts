import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { type SigningKeysService, signingAlgorithm } from './signing-keys.service.js';

export interface WorkloadTokenRequest {
  deploymentId: number;
  audience: string;
  lifetimeSeconds: number;
}

export interface WorkloadToken {
  token: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** The subject a deployment's tokens carry, which trust policies match on. */
export function workloadSubjectOf(deploymentId: number): string {
  return `deployment:${deploymentId}`;
}

/**
 * Signs the JWT a deployment's workload presents: `iss` the platform's public URL (read at each call: a
 * process that was not told its URL learns it once it listens), `sub`, `aud`, `iat`, `exp`, `jti`, and the
 * signing key's `kid` in the header so a verifier picks the right key of the JWKS.
 */
export class WorkloadTokenMinter {
  constructor(
    private readonly keys: SigningKeysService,
    private readonly config: { readonly publicUrl: string },
  ) {}

  async mint(request: WorkloadTokenRequest): Promise<WorkloadToken> {
    const key = await this.keys.signingKey();
    const issuedAtSeconds = Math.floor(Date.now() / 1000);
    const expiresAtSeconds = issuedAtSeconds + request.lifetimeSeconds;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: signingAlgorithm, kid: key.kid, typ: 'JWT' })
      .setIssuer(this.config.publicUrl)
      .setSubject(workloadSubjectOf(request.deploymentId))
      .setAudience(request.audience)
      .setIssuedAt(issuedAtSeconds)
      .setExpirationTime(expiresAtSeconds)
      .setJti(randomUUID())
      .sign(key.privateKey);
    return {
      token,
      issuedAt: new Date(issuedAtSeconds * 1000),
      expiresAt: new Date(expiresAtSeconds * 1000),
    };
  }
}
