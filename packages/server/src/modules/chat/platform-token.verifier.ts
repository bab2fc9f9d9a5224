import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { AppError } from '../../errors/app-error.js';
import type { ChatAuthSettings } from '../agents/chat-agent.js';
import { CustomTokenCheck } from './custom-token-check.js';

/** Claims every JWT may carry that say nothing about the user: kept out of the security context. */
const registeredClaims = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'externalId', 'email']);

/** The user a platform token names (SPEC.md "Authentication" 4). */
export interface PlatformTokenUser {
  externalId: string;
  email: string | null;
  groups: string[];
  /** Every other claim, `scope` included: it reaches data queries and access policies. */
  securityContext: Record<string, unknown>;
}

/** A verified token's user with its scopes, before any scope is required (embedding decides its own). */
export interface PlatformTokenClaims extends PlatformTokenUser {
  /** Null when the token has no `scope` claim. */
  scopes: string[] | null;
  /** The token's own `exp`, when it has one. */
  expiresAt: Date | null;
}

function authenticationFailure(message: string): AppError {
  return new AppError('UNAUTHORIZED', message);
}

function describeVerificationError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the platform token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `the platform token's ${error.claim} claim is not valid: ${error.reason}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return "the platform token's signature is not valid for this deployment";
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return "the platform token's algorithm is not one this deployment accepts";
  }
  if (error instanceof errors.JWKSNoMatchingKey) return "no key of the deployment's JWKS matches the token";
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return "the deployment's JWKS could not be read";
  }
  if (error instanceof errors.JOSEError) return `the platform token is not valid: ${error.message}`;
  return 'the platform token is not valid';
}

function scopesOf(payload: JWTPayload): string[] | null {
  const scope = payload.scope;
  if (Array.isArray(scope)) return scope.filter((entry): entry is string => typeof entry === 'string');
  // OAuth writes scopes as one space-separated string; accept that spelling too.
  if (typeof scope === 'string') return scope.split(/\s+/).filter(Boolean);
  return null;
}

/**
 * Checks `X-Platform-Auth-Token` with a deployment's chat-auth settings: HS256 with the shared secret,
 * RS256/ES256 with the keys of a JWKS URL (fetched by jose and cached per URL), and any other token with
 * the deployment's custom check when it has one. Every failure is an UNAUTHORIZED AppError whose message
 * says why.
 */
export class PlatformTokenVerifier {
  private readonly keySets = new Map<string, JWTVerifyGetKey>();
  private readonly customCheck = new CustomTokenCheck();

  /** The Chat API's check: a valid token whose `scope` includes `chat` (SPEC.md "Authentication" 4). */
  async verify(token: string, settings: ChatAuthSettings): Promise<PlatformTokenUser> {
    const { externalId, email, groups, securityContext, scopes } = await this.verifyClaims(token, settings);
    if (!scopes?.includes('chat')) {
      throw authenticationFailure('the platform token\'s scope does not include "chat"');
    }
    return { externalId, email, groups, securityContext };
  }

  /** A valid token's user and scopes, whatever its scope says (the caller decides what it allows). */
  async verifyClaims(token: string, settings: ChatAuthSettings): Promise<PlatformTokenClaims> {
    if (!settings.enabled) {
      throw authenticationFailure('platform tokens are not enabled for this deployment');
    }
    const payload = await this.verifiedPayload(token, settings);
    const externalIdClaim = typeof payload.externalId === 'string' ? payload.externalId : payload.sub;
    const externalId = externalIdClaim?.trim().toLowerCase();
    if (!externalId)
      throw authenticationFailure('the platform token has neither an externalId nor a sub claim');
    if (/\s/.test(externalId)) throw authenticationFailure("the platform token's externalId contains spaces");
    const securityContext = Object.fromEntries(
      Object.entries(payload).filter(([name]) => !registeredClaims.has(name)),
    );
    const groups = Array.isArray(payload.groups)
      ? payload.groups.filter((group): group is string => typeof group === 'string')
      : [];
    return {
      externalId,
      email: typeof payload.email === 'string' ? payload.email : null,
      groups,
      securityContext,
      scopes: scopesOf(payload),
      expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
    };
  }

  private async verifiedPayload(token: string, settings: ChatAuthSettings): Promise<JWTPayload> {
    let algorithm: string | undefined;
    try {
      algorithm = decodeProtectedHeader(token).alg;
    } catch {
      // An opaque token means something only to the deployment's own check.
      if (settings.customCheckUrl) return this.customCheck.claimsOf(token, settings.customCheckUrl);
      throw authenticationFailure('the platform token is not a JWT');
    }
    const isSecretToken = algorithm === 'HS256' && settings.secret !== null;
    const isJwksToken = algorithm !== 'HS256' && settings.jwksUrl !== null;
    if (!isSecretToken && !isJwksToken && settings.customCheckUrl) {
      return this.customCheck.claimsOf(token, settings.customCheckUrl);
    }
    const claims = {
      ...(settings.issuer ? { issuer: settings.issuer } : {}),
      ...(settings.audience ? { audience: settings.audience } : {}),
    };
    try {
      if (algorithm === 'HS256') {
        if (!settings.secret)
          throw authenticationFailure('this deployment has no platform-token secret (HS256)');
        const key = new TextEncoder().encode(settings.secret);
        return (await jwtVerify(token, key, { ...claims, algorithms: ['HS256'] })).payload;
      }
      if (!settings.jwksUrl) {
        throw authenticationFailure(
          settings.secret
            ? `the platform token is signed with ${algorithm ?? 'no algorithm'}; this deployment accepts HS256`
            : 'this deployment has no platform-token secret, JWKS URL or custom check',
        );
      }
      return (
        await jwtVerify(token, this.keySetOf(settings.jwksUrl), { ...claims, algorithms: ['RS256', 'ES256'] })
      ).payload;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw authenticationFailure(describeVerificationError(error));
    }
  }

  private keySetOf(jwksUrl: string): JWTVerifyGetKey {
    let keySet = this.keySets.get(jwksUrl);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUrl));
      this.keySets.set(jwksUrl, keySet);
    }
    return keySet;
  }
}
