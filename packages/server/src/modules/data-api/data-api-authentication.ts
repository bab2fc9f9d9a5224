import type { Authenticate } from '../../http/surface.js';
import { webSessionPrincipalOf } from '../identity/management-authentication.js';
import type { WebSessionsService } from '../identity/web-sessions.service.js';
import type { DataApiCaller } from './data-api-caller.js';
import type { DataApiCredentialService } from './data-api-credential.service.js';

/** What a data API handler is told: who called, a management credential or a deployment token. */
export interface DataApiRequestContext {
  caller: DataApiCaller;
}

/**
 * The `dataApi` scheme: a deployment token or an API key (401), or the web pages' session cookie (an
 * APP dashboard's queries run as the signed-in viewer), then the declared right and data-API scope (403).
 */
export function dataApiAuthentication(
  credentials: DataApiCredentialService,
  webSessions: WebSessionsService,
): Authenticate<DataApiRequestContext> {
  return async (request) => {
    const sessionPrincipal = await webSessionPrincipalOf(request, webSessions);
    const caller: DataApiCaller = sessionPrincipal
      ? { kind: 'management', principal: sessionPrincipal }
      : await credentials.authenticate(request.headers.authorization);
    credentials.requireOperation(caller, request.operation);
    return { caller };
  };
}
