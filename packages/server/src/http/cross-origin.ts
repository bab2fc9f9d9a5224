import type { FastifyInstance } from 'fastify';

export interface CrossOriginOptions {
  /** Request headers a page of another origin may send (the preflight's answer). */
  allowHeaders: readonly string[];
  /** Response headers its script may read. */
  exposeHeaders: readonly string[];
  /** How long a browser may keep a preflight's answer. */
  maxAgeSeconds?: number;
}

/**
 * Lets pages of any origin call the listener from a browser (CORS): every answer says
 * `Access-Control-Allow-Origin: *`, and a preflight (`OPTIONS` with `Access-Control-Request-Method`) is
 * answered 204 before routing. Only for a listener whose credentials are headers, never cookies: a
 * wildcard origin makes browsers send no cookies, so no ambient credential can be used by another site.
 */
export function allowCrossOriginCalls(app: FastifyInstance, options: CrossOriginOptions): void {
  const allowHeaders = options.allowHeaders.join(', ');
  const exposeHeaders = options.exposeHeaders.join(', ');
  const maxAge = String(options.maxAgeSeconds ?? 600);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', exposeHeaders);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', allowHeaders)
        .header('access-control-max-age', maxAge)
        .send();
    }
  });
}
