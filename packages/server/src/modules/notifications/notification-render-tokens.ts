import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors/app-error.js';
import type { AuthenticationRequest } from '../../http/surface.js';
import type { RenderTokenAuthenticator } from '../embed/embed-authentication.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';

const issuer = 'platform';
/** Its own audience: no other verifier of the platform (embed tokens, platform tokens) accepts one. */
const audience = 'platform-notification-render';
const algorithm = 'HS256';
/** Long enough for one render (the page loads and runs its widgets), short enough to be worthless after. */
export const renderTokenLifetimeSeconds = 120;

/**
 * The only operations a render token opens: reading the dashboard and running its widgets, which is all
 * the render page does (never its Python runs, never any write).
 */
const renderOperations: ReadonlySet<string> = new Set(['getEmbedDashboard', 'runDashboardWidget']);

/** The render tokens' key, derived from the server's secret key under its own label. */
export function deriveRenderTokenKey(secretKey: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secretKey, 'platform', 'notification render tokens v1', 32));
}

export interface RenderTokenUsers {
  /** The user's principal of their own role, or null once deactivated. */
  deliveryPrincipalOf(accountId: number, userId: number): Promise<Principal | null>;
}

/**
 * Short-lived tokens the server's headless browser renders a dashboard with for one account user: their
 * own rights, read again when the token is used (a user deactivated since gets a 401), accepted only by
 * the `embed` scheme's reads of dashboards (`renderOperations`). Never logged: the token travels in the
 * URL fragment of the render page, which no request carries.
 */
export class NotificationRenderTokens implements RenderTokenAuthenticator {
  constructor(
    private readonly signingKey: Uint8Array,
    private readonly users: RenderTokenUsers,
    private readonly authorization: Pick<AuthorizationService, 'requireAction'>,
  ) {}

  async sign(accountId: number, userId: number, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ accountId })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + renderTokenLifetimeSeconds)
      .sign(this.signingKey);
  }

  /** The principal of a render token; null for a token that is not one (another kind is tried next). */
  async principalOf(
    token: string,
    operation: Pick<AuthenticationRequest['operation'], 'operationId' | 'action'>,
  ): Promise<Principal | null> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.signingKey, { algorithms: [algorithm], issuer, audience }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('UNAUTHORIZED', 'the notification render token has expired');
      }
      return null;
    }
    if (!renderOperations.has(operation.operationId)) {
      throw new AppError('FORBIDDEN', `a notification render token cannot call ${operation.operationId}`);
    }
    const userId = Number(payload.sub);
    const accountId = payload.accountId;
    if (!Number.isInteger(userId) || typeof accountId !== 'number') {
      throw new AppError('UNAUTHORIZED', 'the notification render token is not valid');
    }
    const principal = await this.users.deliveryPrincipalOf(accountId, userId);
    if (!principal) throw new AppError('UNAUTHORIZED', `user ${userId} is deactivated or was deleted`);
    if (operation.action) this.authorization.requireAction(principal, operation.action);
    return principal;
  }
}
