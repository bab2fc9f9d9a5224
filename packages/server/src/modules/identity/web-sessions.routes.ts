import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import { clearedWebSessionCookie, webSessionCookie } from './web-session-cookie.js';
import type { WebSessionsService } from './web-sessions.service.js';

type WebSessionOperations = Pick<Operations, 'signIn' | 'signOut'>;

/** `secureCookies`: the public URL is https, so cookies are Secure even when a proxy ends TLS. */
export function webSessionsRoutes(
  webSessions: WebSessionsService,
  options: { secureCookies: boolean },
): OperationHandlers<WebSessionOperations> {
  return {
    signIn: async ({ body, context }) => {
      const session = await webSessions.signIn(body.apiKey, { address: context.clientAddress });
      const isSecure = options.secureCookies || context.isHttps;
      context.setResponseHeader('set-cookie', webSessionCookie(session, { isSecure }));
    },
    signOut: async ({ context }) => {
      await webSessions.signOut(context.principal);
      const isSecure = options.secureCookies || context.isHttps;
      context.setResponseHeader('set-cookie', clearedWebSessionCookie({ isSecure }));
    },
  };
}
