import { errorCatalogue } from '@platform/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { OAuthProtocolError } from '../errors/oauth-protocol-error.js';
import { writeManagementError } from './error-body.js';
import { errorHandlerOf } from './error-handler.js';
import { escapeHtml } from './escape-html.js';

/** The fields of a form-encoded (or JSON) body, each as its first value. */
export type FormFields = Readonly<Record<string, string | undefined>>;

/** Where a browser goes next, and the session cookie to set on the way. */
export interface BrowserRedirect {
  location: string;
  setCookie?: string;
}

/**
 * The sign-in endpoints that are protocols rather than API operations: the OAuth device grant and token
 * refresh the CLI calls (form-encoded, answering RFC 6749/8628 bodies), and the SSO redirects a browser
 * follows. Supplied by the identity module; app.ts wires them.
 */
export interface SignInEndpoints {
  deviceCode(form: FormFields): Promise<object>;
  deviceToken(form: FormFields): Promise<object>;
  refreshToken(form: FormFields): Promise<object>;
  ssoStart(query: FormFields): Promise<BrowserRedirect>;
  ssoCallback(query: FormFields, client: { isHttps: boolean }): Promise<BrowserRedirect>;
}

function fieldsOf(value: unknown): FormFields {
  if (!value || typeof value !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) {
    const first = Array.isArray(field) ? field[0] : field;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

/** A browser that failed to sign in sees why, and a way back to the sign-in page. */
function signInFailedPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in failed</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto;">
<h1>Sign-in failed</h1>
<p id="sign-in-error">${escapeHtml(message)}</p>
<p><a href="/login">Back to the sign-in page</a></p>
</body></html>
`;
}

/** Token answers are never cached (RFC 6749 §5.1). */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

export function registerSignInEndpoints(
  app: FastifyInstance,
  endpoints: SignInEndpoints,
  options: { bodyLimitBytes: number },
): void {
  const managementErrors = errorHandlerOf(writeManagementError, options.bodyLimitBytes);
  app.register(async (scope) => {
    // OAuth clients send forms (RFC 6749 §4.1.3); parsed here only, the API itself stays JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof OAuthProtocolError) {
        return noStore(reply)
          .status(error.status)
          .send({ error: error.error, error_description: error.description });
      }
      return managementErrors(error, request, reply);
    });
    const token =
      (handle: (form: FormFields) => Promise<object>) =>
      async (request: FastifyRequest, reply: FastifyReply) =>
        noStore(reply).send(await handle(fieldsOf(request.body)));
    scope.post(
      '/auth/device/code',
      token((form) => endpoints.deviceCode(form)),
    );
    scope.post(
      '/auth/device/token',
      token((form) => endpoints.deviceToken(form)),
    );
    scope.post(
      '/auth/oauth2/refresh',
      token((form) => endpoints.refreshToken(form)),
    );
  });

  app.register(async (scope) => {
    // A browser followed these: a refusal is a page saying why, not JSON.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const isKnown = error instanceof AppError;
      if (!isKnown) request.log.error({ err: error }, 'SSO sign-in failed');
      const status = isKnown ? errorCatalogue[error.code].status : 500;
      const message = isKnown ? error.message : 'the sign-in failed on the server; quote the request id';
      return reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(signInFailedPage(`${message} (request ${request.id})`));
    });
    const redirect = (reply: FastifyReply, target: BrowserRedirect) => {
      if (target.setCookie) reply.header('set-cookie', target.setCookie);
      return reply.header('cache-control', 'no-store').redirect(target.location, 302);
    };
    scope.get('/auth/sso/start', async (request, reply) =>
      redirect(reply, await endpoints.ssoStart(fieldsOf(request.query))),
    );
    scope.get('/auth/sso/callback', async (request, reply) =>
      redirect(
        reply,
        await endpoints.ssoCallback(fieldsOf(request.query), { isHttps: request.protocol === 'https' }),
      ),
    );
  });
}
