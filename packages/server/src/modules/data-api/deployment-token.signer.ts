import { hkdfSync } from 'node:crypto';
import { type DataApiScope, dataApiScopes } from '@platform/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors/app-error.js';
import type { DeploymentTokenClaims } from './data-api-caller.js';

const issuer = 'platform';
const audience = 'platform-data-api';
const algorithm = 'HS256';

/**
 * The tokens' signing key, derived from the server's secret key under its own label: it never equals
 * the key that encrypts secrets at rest, and rotating the secret key revokes every token.
 */
export function deriveTokenSigningKey(secretKey: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secretKey, 'platform', 'deployment tokens v1', 32));
}

/** A JWT is three base64url parts; API keys (`sk-...`) have no dot, so the two never look alike. */
export function isDeploymentTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScopeList(value: unknown): value is DataApiScope[] {
  return (
    Array.isArray(value) &&
    value.every((scope) => typeof scope === 'string' && (dataApiScopes as readonly string[]).includes(scope))
  );
}

/** Signs and verifies deployment tokens: HS256 JWTs whose claims name one deployment. */
export class DeploymentTokenSigner {
  constructor(private readonly signingKey: Uint8Array) {}

  async sign(claims: Omit<DeploymentTokenClaims, 'expiresAt'>, lifetimeSeconds: number, now = new Date()) {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + lifetimeSeconds) * 1000);
    const token = await new SignJWT({
      accountId: claims.accountId,
      deploymentId: claims.deploymentId,
      securityContext: claims.securityContext,
      ...(claims.groups.length > 0 ? { groups: claims.groups } : {}),
      ...(claims.branchName === undefined ? {} : { branchName: claims.branchName }),
      // Signed with the rest, so a token cannot widen its own scopes; absent means every scope.
      ...(claims.scopes === null ? {} : { scopes: claims.scopes }),
    })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(`deployment:${claims.deploymentId}`)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.signingKey);
    return { token, expiresAt };
  }

  /** The token's claims, or a 401 saying what is wrong with it. */
  async verify(token: string): Promise<DeploymentTokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.signingKey, { algorithms: [algorithm], issuer, audience }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('UNAUTHORIZED', 'the deployment token has expired; create a new one');
      }
      throw new AppError('UNAUTHORIZED', 'the deployment token is not valid (bad signature or claims)');
    }
    const { accountId, deploymentId, securityContext, groups, branchName, scopes, exp } = payload;
    const isWellFormed =
      Number.isInteger(accountId) &&
      Number.isInteger(deploymentId) &&
      isRecord(securityContext) &&
      (groups === undefined ||
        (Array.isArray(groups) && groups.every((group) => typeof group === 'string'))) &&
      (branchName === undefined || typeof branchName === 'string') &&
      (scopes === undefined || isScopeList(scopes));
    if (!isWellFormed || typeof exp !== 'number') {
      throw new AppError('UNAUTHORIZED', 'the deployment token is not valid (bad signature or claims)');
    }
    return {
      accountId: accountId as number,
      deploymentId: deploymentId as number,
      securityContext,
      groups: (groups as string[] | undefined) ?? [],
      ...(branchName === undefined ? {} : { branchName: branchName as string }),
      scopes: scopes === undefined ? null : (scopes as DataApiScope[]),
      expiresAt: new Date(exp * 1000),
    };
  }
}
