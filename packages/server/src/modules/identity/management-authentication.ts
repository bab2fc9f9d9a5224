import { AppError } from '../../errors/app-error.js';
import type { Authenticate, AuthenticationRequest } from '../../http/surface.js';
import type { AuthorizationService } from './authorization.service.js';
import type { CredentialService } from './credential.service.js';
import type { Principal } from './principal.js';
import { isCsrfSafe, isSameOrigin, webSessionTokenOf } from './web-session-cookie.js';
import type { WebSessionsService } from './web-sessions.service.js';

/** What a management API handler is told about its caller. */
export interface ManagementRequestContext {
  principal: Principal;
  /** The `x-platform-client` header: `cli` when the platform CLI sent the request. */
  client: string | null;
  /** Aborts when the client goes away (a streamed answer stops waiting for room to start). */
  signal: AbortSignal;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The web pages' session: the principal of the session cookie when the request carries no Authorization
 * header (an API key wins), else null. Writes made with the cookie must show they come from the pages
 * (CSRF, 403). Shared by every scheme the pages call (the management API and the data API).
 */
export async function webSessionPrincipalOf(
  request: AuthenticationRequest,
  webSessions: WebSessionsService,
): Promise<Principal | null> {
  const sessionToken = webSessionTokenOf(request.headers.cookie);
  if (request.headers.authorization !== undefined || sessionToken === null) return null;
  const principal = await webSessions.authenticate(sessionToken);
  if (writeMethods.has(request.operation.method) && !isCsrfSafe(request.headers)) {
    throw new AppError(
      'FORBIDDEN',
      'a write made with the session cookie needs the header "X-Platform-Csrf: 1" or a same-origin Origin',
    );
  }
  return principal;
}

/** The caller's principal: the Authorization header's API key, else the web pages' session cookie. */
async function principalOf(
  request: AuthenticationRequest,
  credentials: CredentialService,
  webSessions: WebSessionsService,
): Promise<Principal> {
  return (
    (await webSessionPrincipalOf(request, webSessions)) ??
    credentials.authenticate(request.headers.authorization)
  );
}

/**
 * The `management` scheme: an API key or the web session cookie (401), then the operation's declared
 * right for its role (403).
 */
export function managementAuthentication(
  credentials: CredentialService,
  authorization: AuthorizationService,
  webSessions: WebSessionsService,
): Authenticate<ManagementRequestContext> {
  return async (request) => {
    const principal = await principalOf(request, credentials, webSessions);
    if (request.operation.action) authorization.requireAction(principal, request.operation.action);
    const client = request.headers['x-platform-client'];
    return { principal, client: typeof client === 'string' ? client : null, signal: request.clientGone() };
  };
}

/**
 * The `none` scheme of the management listener (the web sign-in takes its key in the body): a page of
 * another site may not sign a browser in (login CSRF), so a cross-site Origin is refused; a client that
 * sends no Origin (a script, the CLI) is not a browser page.
 */
export const webSignInRequest: Authenticate<Record<never, never>> = (request) => {
  if (request.headers.origin !== undefined && !isSameOrigin(request.headers))
    throw new AppError('FORBIDDEN', 'sign-in from another site is refused');
  return {};
};
