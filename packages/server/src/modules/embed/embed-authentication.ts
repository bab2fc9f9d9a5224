import type { Authenticate, AuthenticationRequest } from '../../http/surface.js';
import type { ManagementRequestContext } from '../identity/management-authentication.js';
import type { Principal } from '../identity/principal.js';
import { type EmbedTokenClaims, isJwtShaped } from './embed-token.signer.js';

/** Who calls an operation of the `embed` scheme: an account user's credential, or an embed token's user. */
export type EmbedViewer =
  | { kind: 'principal'; principal: Principal }
  | { kind: 'embed'; claims: EmbedTokenClaims };

/** What a handler of the `embed` scheme is told about its caller. */
export interface EmbedRequestContext {
  viewer: EmbedViewer;
  /** The `x-platform-client` header, for a management credential; null for an embed token. */
  client: string | null;
  signal: AbortSignal;
}

/** Turns an embed token into its live claims (401 bad or expired, 403 embedding disabled). */
export interface EmbedTokenAuthenticator {
  authenticate(token: string): Promise<EmbedTokenClaims>;
}

/**
 * Short-lived tokens the server's own headless browser renders a dashboard with for an account user (the
 * notifications module's): a principal of that user for a token of that kind, null for any other token.
 */
export interface RenderTokenAuthenticator {
  principalOf(
    token: string,
    operation: Pick<AuthenticationRequest['operation'], 'operationId' | 'action'>,
  ): Promise<Principal | null>;
}

/** The token of `Authorization: Bearer <jwt>`; API keys and access tokens are never JWTs. */
function bearerJwtOf(authorization: string | undefined): string | null {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  return token !== undefined && isJwtShaped(token) ? token : null;
}

/**
 * The `embed` scheme: an embed token as `Authorization: Bearer <token>` (its user's access is decided
 * with the resource, by the embed module's rules), else whatever the management scheme takes, with the
 * operation's right checked as there.
 */
export function embedAuthentication(
  management: Authenticate<ManagementRequestContext>,
  embedTokens: EmbedTokenAuthenticator,
  renderTokens?: RenderTokenAuthenticator,
): Authenticate<EmbedRequestContext> {
  return async (request) => {
    const token = bearerJwtOf(request.headers.authorization);
    if (token !== null) {
      const renderPrincipal = renderTokens ? await renderTokens.principalOf(token, request.operation) : null;
      if (renderPrincipal) {
        return {
          viewer: { kind: 'principal', principal: renderPrincipal },
          client: null,
          signal: request.clientGone(),
        };
      }
      const claims = await embedTokens.authenticate(token);
      return { viewer: { kind: 'embed', claims }, client: null, signal: request.clientGone() };
    }
    const { principal, client, signal } = await management(request);
    return { viewer: { kind: 'principal', principal }, client, signal };
  };
}
