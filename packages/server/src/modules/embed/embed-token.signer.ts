import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod';
import { AppError } from '../../errors/app-error.js';

const issuer = 'platform';
const audience = 'platform-embed';
const algorithm = 'HS256';

/** The embed tokens' key, derived from the server's secret key under its own label (never a token of another kind). */
export function deriveEmbedSigningKey(secretKey: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secretKey, 'platform', 'embed tokens v1', 32));
}

/**
 * Who an embed session is for, as generate-session resolved it: stored with the session, then signed
 * into its token. Groups and tenant-group memberships are read again when a dashboard is opened (a
 * membership removed through the API counts at once); the rest is fixed for the token's life.
 */
const EmbedSessionClaimsSchema = z.object({
  accountId: z.int(),
  deploymentId: z.int(),
  /** The chat user (the one pool of external users, shared with the Chat API). */
  chatUserId: z.int(),
  /** An external user of the host application, or an account user (their own role applies). */
  user: z.union([
    z.object({ kind: z.literal('external'), externalId: z.string() }),
    z.object({ kind: z.literal('internal'), userId: z.int(), email: z.string() }),
  ]),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  embedTenantName: z.string().nullable(),
  /** The model's access-policy groups. */
  groups: z.array(z.string()),
  securityContext: z.record(z.string(), z.unknown()),
  userAttributes: z.record(z.string(), z.string()),
  settings: z.object({ showDashboardChat: z.boolean(), locale: z.string(), timezone: z.string() }),
  branchName: z.string().nullable(),
});

export type EmbedSessionClaims = z.infer<typeof EmbedSessionClaimsSchema>;

/** A verified embed token: its session's claims, and when it stops working. */
export interface EmbedTokenClaims extends EmbedSessionClaims {
  /** The session the token was exchanged from (the hash of its id): one token per session. */
  sessionIdHash: string;
  expiresAt: Date;
}

/** A JWT is three base64url parts. */
export function isJwtShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

/**
 * Signs and verifies embed tokens: HS256 JWTs (audience `platform-embed`, so no other verifier of the
 * platform accepts one) whose `embed` claim holds the session's claims, `scope` holding `embed`, and
 * `chat` when the session shows the chat panel (the Chat API checks it as for any platform token).
 */
export class EmbedTokenSigner {
  constructor(private readonly signingKey: Uint8Array) {}

  async sign(
    claims: EmbedSessionClaims,
    sessionIdHash: string,
    lifetimeSeconds: number,
    now = new Date(),
  ): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const subject =
      claims.user.kind === 'external' ? claims.user.externalId : `internal:${claims.user.userId}`;
    return new SignJWT({
      embed: claims,
      scope: claims.settings.showDashboardChat ? ['embed', 'chat'] : ['embed'],
    })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(subject)
      .setJti(sessionIdHash)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetimeSeconds)
      .sign(this.signingKey);
  }

  /** The token's claims, or a 401 saying what is wrong with it. */
  async verify(token: string): Promise<EmbedTokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.signingKey, { algorithms: [algorithm], issuer, audience }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('UNAUTHORIZED', 'the embed token has expired; generate a new embed session');
      }
      throw new AppError('UNAUTHORIZED', 'the embed token is not valid (bad signature or claims)');
    }
    const parsed = EmbedSessionClaimsSchema.safeParse(payload.embed);
    if (!parsed.success || typeof payload.exp !== 'number' || typeof payload.jti !== 'string') {
      throw new AppError('UNAUTHORIZED', 'the embed token is not valid (bad signature or claims)');
    }
    return { ...parsed.data, sessionIdHash: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  }

  /** Whether the token is one of ours (its signature checks), without saying why not: for callers that try several kinds. */
  async isEmbedToken(token: string): Promise<boolean> {
    if (!isJwtShaped(token)) return false;
    try {
      await jwtVerify(token, this.signingKey, { algorithms: [algorithm], issuer, audience });
      return true;
    } catch (error) {
      // An expired embed token is still ours: the caller reports the expiry.
      return error instanceof joseErrors.JWTExpired;
    }
  }
}
