import type { Authenticate } from '../../http/surface.js';
import type { DataApiCaller } from './data-api-caller.js';
import type { DataApiCredentialService } from './data-api-credential.service.js';

/** What a data API handler is told: who called, a management credential or a deployment token. */
export interface DataApiRequestContext {
  caller: DataApiCaller;
}

/** The `dataApi` scheme: a deployment token or an API key (401), then the declared right and data-API scope (403). */
export function dataApiAuthentication(
  credentials: DataApiCredentialService,
): Authenticate<DataApiRequestContext> {
  return async (request) => {
    const caller = await credentials.authenticate(request.headers.authorization);
    credentials.requireOperation(caller, request.operation);
    return { caller };
  };
}
