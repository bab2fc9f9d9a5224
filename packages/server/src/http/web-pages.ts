import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body.js';
import { escapeHtml } from './escape-html.js';

/**
 * The pages the single-page app routes on the client (packages/web/src/routing/routes.ts): each answers
 * its index.html. Exact patterns, not prefixes: `/deployments/{id}/data/v1/...` is the data API, whose
 * unknown paths stay the API's JSON 404, as does anything else.
 */
export const webPageRoutes = [
  '/',
  '/login',
  '/deployments/:deploymentId',
  '/deployments/:deploymentId/folders/:folderId',
  '/deployments/:deploymentId/workbooks/:workbookId',
  '/deployments/:deploymentId/reports/:reportId',
  '/dashboards/:publicId',
  '/device',
] as const;

/**
 * The embed page (`GET /embed/dashboard/{publicId}`): a published dashboard in another site's iframe, for
 * an embed token carried in the URL fragment. Apart from webPageRoutes: it needs no session.
 */
export const embedPageRoute = '/embed/dashboard/:publicId';

/**
 * The page notifications render PNG and PDF from (docs/notifications.md "Rendering"): the dashboard
 * without chrome for the viewer of a short-lived token in the URL fragment, opened only by the
 * server's own headless browser. Apart from webPageRoutes: it needs no session, and it is never framed.
 */
export const renderPageRoute = '/render/dashboard/:publicId';

/**
 * What the embed page of a public id may do, as the account that published the dashboard says (the embed
 * module decides, app.ts passes its function in): the origins allowed to frame it (tenant setting
 * `embedding.allowedOrigins`; none → no site may) and the Chat API's address for its chat panel; or that
 * the account turned embedding off (the allowed origins still frame the page that says so); or that no
 * dashboard has that public id.
 */
export type EmbedPagePolicy =
  | { status: 'open'; frameAncestors: readonly string[]; chatBaseUrl: string | null }
  | { status: 'disabled'; frameAncestors: readonly string[] }
  | { status: 'notFound' };

const contentTypes: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The pages run only their own bundled scripts (no inline script, no eval); inline styles are allowed for
 * the chart libraries that set them; no other site may frame them. With a `nonce`, inline scripts that
 * carry it run too: an APP dashboard's sandboxed srcdoc frame inherits this policy, and the page gives
 * the app's scripts the nonce (packages/web/src/dashboards/app-document.ts).
 */
export function pageContentSecurityPolicy(
  options: { frameAncestors: string; nonce?: string; connectSources?: readonly string[] } = {
    frameAncestors: "'none'",
  },
) {
  return [
    "default-src 'self'",
    options.nonce ? `script-src 'self' 'nonce-${options.nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connectSources ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
}

/** A CSP source that is an origin (`https://host[:port]`, `*.` subdomains): nothing that could end a directive. */
const originSource = /^https?:\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/;

/** `frame-ancestors` of the embed page: the allowed origins, or `'none'` when there are none. */
export function embedFrameAncestors(origins: readonly string[]): string {
  const sources = origins.filter((origin) => originSource.test(origin));
  return sources.length > 0 ? sources.join(' ') : "'none'";
}

/** The embed page's own answer when it does not open (embedding off, unknown dashboard): plain HTML, no script. */
function embedMessagePage(state: 'disabled' | 'not-found', title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:," />
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2430; background: #f5f7fa; }
      main { max-width: 40rem; margin: 0 auto; padding: 2.5rem 1.25rem; }
      h1 { font-size: 1.4rem; }
    </style>
  </head>
  <body>
    <main class="embed-page embed-message" data-embed-state="${state}">
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(text)}</p>
    </main>
  </body>
</html>
`;
}

interface WebBuild {
  indexHtml: Buffer;
  /** Asset file name → its bytes; only these names are served (no path from the URL touches the disk). */
  assets: Map<string, Buffer>;
}

async function readWebBuild(directory: string): Promise<WebBuild | null> {
  let indexHtml: Buffer;
  try {
    indexHtml = await readFile(join(directory, 'index.html'));
  } catch {
    return null;
  }
  const assets = new Map<string, Buffer>();
  const assetDirectory = join(directory, 'assets');
  const names = await readdir(assetDirectory).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      assets.set(name, await readFile(join(assetDirectory, name)));
    }),
  );
  return { indexHtml, assets };
}

/**
 * Serves the built web pages from `directory` (packages/web/dist): index.html for `/` and every page
 * path (a signed-out request but for /login is sent to `/login?next=<path>`), `/assets/<hashed name>`
 * cached for a year. Read once, on the first request that needs it; a
 * missing build answers 503 saying how to build it.
 */
export function registerWebPages(
  app: FastifyInstance,
  options: {
    directory: string;
    /** Whether the request's Cookie header holds a live session: pages but /login need one. */
    hasSession: (cookieHeader: string | undefined) => Promise<boolean>;
    /** The embed page's policy for a public id (frame-ancestors, embedding switched off, unknown). */
    embedPagePolicy: (publicId: string) => Promise<EmbedPagePolicy>;
  },
): void {
  let build: Promise<WebBuild | null> | null = null;
  const loadBuild = async () => {
    build ??= readWebBuild(options.directory);
    const loaded = await build;
    // Not built yet: look again next time (a build may land while the server runs).
    if (!loaded) build = null;
    return loaded;
  };
  const notBuilt = (request: FastifyRequest, reply: FastifyReply) => {
    const body = errorBody(
      'SERVICE_UNAVAILABLE',
      `the web pages are not built (no ${join(options.directory, 'index.html')}): run \`npm run build\``,
      request.id,
    );
    return reply.status(body.statusCode).send(body);
  };
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await loadBuild();
    if (!loaded) return notBuilt(request, reply);
    const path = request.url;
    const isLoginPage = request.routeOptions.url === '/login';
    if (!isLoginPage && !(await options.hasSession(request.headers.cookie))) {
      // Signed out: sign in first, then back here (the login page accepts only a path of this site).
      return reply
        .header('cache-control', 'no-store')
        .redirect(path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`, 302);
    }
    // A fresh nonce per response, which the page reads from its meta tag for an app dashboard's frame.
    const nonce = randomBytes(18).toString('base64');
    const html = loaded.indexHtml
      .toString('utf8')
      .replace('</head>', `<meta name="platform-frame-nonce" content="${nonce}" />\n</head>`);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageContentSecurityPolicy({ frameAncestors: "'none'", nonce }))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(html);
  };
  for (const route of webPageRoutes) app.get(route, page);
  // The embed page: no session (a third-party iframe has no cookie); framed only by the account's
  // allowed origins; no Referer leaves it (its address may hold `?token=` until the page removes it).
  app.get<{ Params: { publicId: string } }>(embedPageRoute, async (request, reply) => {
    const policy = await options.embedPagePolicy(request.params.publicId);
    const htmlReply = () =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer');
    if (policy.status === 'disabled') {
      return htmlReply()
        .status(403)
        .header(
          'content-security-policy',
          pageContentSecurityPolicy({ frameAncestors: embedFrameAncestors(policy.frameAncestors) }),
        )
        .send(
          embedMessagePage(
            'disabled',
            'Embedding is disabled',
            'The owner of this dashboard has turned embedding off.',
          ),
        );
    }
    if (policy.status === 'notFound') {
      return htmlReply()
        .status(404)
        .header('content-security-policy', pageContentSecurityPolicy({ frameAncestors: "'none'" }))
        .send(
          embedMessagePage('not-found', 'Dashboard not found', 'No published dashboard has this address.'),
        );
    }
    const loaded = await loadBuild();
    if (!loaded) return notBuilt(request, reply);
    const chatOrigin = policy.chatBaseUrl ? new URL(policy.chatBaseUrl).origin : null;
    const html = loaded.indexHtml
      .toString('utf8')
      .replace(
        '</head>',
        `${policy.chatBaseUrl ? `<meta name="platform-embed-chat-url" content="${escapeHtml(policy.chatBaseUrl)}" />\n` : ''}</head>`,
      );
    return htmlReply()
      .header(
        'content-security-policy',
        pageContentSecurityPolicy({
          frameAncestors: embedFrameAncestors(policy.frameAncestors),
          ...(chatOrigin && chatOrigin !== 'null' ? { connectSources: [chatOrigin] } : {}),
        }),
      )
      .send(html);
  });
  app.get(renderPageRoute, async (request, reply) => {
    const loaded = await loadBuild();
    if (!loaded) return notBuilt(request, reply);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageContentSecurityPolicy({ frameAncestors: "'none'" }))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(loaded.indexHtml);
  });
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const loaded = await loadBuild();
    if (!loaded) return notBuilt(request, reply);
    const name = request.params['*'];
    const bytes = loaded.assets.get(name);
    if (!bytes) {
      const body = errorBody('NOT_FOUND', `no web asset ${name}`, request.id);
      return reply.status(body.statusCode).send(body);
    }
    return reply
      .header('content-type', contentTypes[extname(name)] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
