import type { Authenticate } from '../../http/surface.js';
import type { AuthorizationService } from './authorization.service.js';
import type { CredentialService } from './credential.service.js';
import type { Principal } from './principal.js';

/** What a management API handler is told about its caller. */
export interface ManagementRequestContext {
  principal: Principal;
  /** The `x-platform-client` header: `cli` when the platform CLI sent the request. */
  client: string | null;
  /** Aborts when the client goes away (a streamed answer stops waiting for room to start). */
  signal: AbortSignal;
}

/** The `management` scheme: an API key (401), then the operation's declared right for its role (403). */
export function managementAuthentication(
  credentials: CredentialService,
  authorization: AuthorizationService,
): Authenticate<ManagementRequestContext> {
  return async (request) => {
    const principal = await credentials.authenticate(request.headers.authorization);
    if (request.operation.action) authorization.requireAction(principal, request.operation.action);
    const client = request.headers['x-platform-client'];
    return { principal, client: typeof client === 'string' ? client : null, signal: request.clientGone() };
  };
}
