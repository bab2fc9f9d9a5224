import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body.js';

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
  options: { frameAncestors: string; nonce?: string } = { frameAncestors: "'none'" },
) {
  return [
    "default-src 'self'",
    options.nonce ? `script-src 'self' 'nonce-${options.nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
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
