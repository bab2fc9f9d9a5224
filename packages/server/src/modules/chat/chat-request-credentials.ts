import type { IncomingHttpHeaders } from 'node:http';
import type { Authenticate } from '../../http/surface.js';
import type { ChatCredentials } from './chat-authentication.service.js';

/**
 * What the Chat API's handlers are told: the raw credentials, since the credential is checked against
 * the path's agent and the body's session settings (ChatAuthenticationService, after validation), and a
 * signal for a client gone away, which ends its subscription while the answer runs on.
 */
export interface ChatRequestContext {
  credentials: ChatCredentials;
  signal: AbortSignal;
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text : null;
}

/** The `chat` scheme: reads the two credential headers; which one wins and what it proves is decided later. */
export const chatRequestCredentials: Authenticate<ChatRequestContext> = (request) => ({
  credentials: {
    authorization: headerOf(request.headers, 'authorization'),
    platformToken: headerOf(request.headers, 'x-platform-auth-token'),
  },
  signal: request.clientGone(),
});
