import type { Authenticate } from '../../http/surface.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { CredentialService } from '../identity/credential.service.js';
import type { Principal } from '../identity/principal.js';

/** What a SCIM handler is told about its caller. */
export interface ScimRequestContext {
  principal: Principal;
}

/**
 * The `scim` scheme: an API key in `Authorization: Bearer <key>` (what identity providers send) or
 * `Api-Key <key>` (401), never the web pages' cookie; then the operation's right, UsersManage (403).
 */
export function scimAuthentication(
  credentials: CredentialService,
  authorization: AuthorizationService,
): Authenticate<ScimRequestContext> {
  return async (request) => {
    const principal = await credentials.authenticate(request.headers.authorization);
    if (request.operation.action) authorization.requireAction(principal, request.operation.action);
    return { principal };
  };
}
