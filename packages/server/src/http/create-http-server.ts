import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { Logger } from 'pino';
import { answerClientError } from './client-error.js';
import { errorBody, writeManagementError } from './error-body.js';
import { describeFastifyError, registerErrorHandling } from './error-handler.js';
import { generateRequestId } from './request-id.js';
import { RequestLogController } from './request-log-controller.js';

export interface HttpServerOptions {
  logger: Logger;
  bodyLimitBytes: number;
  /** /readyz runs each (the store, Redis, ...): ready when all resolve within readinessTimeoutMilliseconds. */
  readinessChecks: Readonly<Record<string, () => Promise<void>>>;
  /** Registers the multipart parser (the build API's uploads). */
  acceptsMultipart?: boolean;
  /** Fastify's `trustProxy`: whose X-Forwarded-* headers set the request's address and protocol. */
  trustProxy?: boolean | string;
}

/**
 * Many clients send `content-type: application/json` with an empty body on a POST or DELETE that has
 * nothing to say: that is no body (an operation whose body is required still answers its 400 for it),
 * not invalid JSON. Anything else goes to Fastify's own parser, with its prototype-poisoning checks.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // SCIM clients (identity providers) send their JSON as `application/scim+json` (RFC 7644 §3.1).
  app.addContentTypeParser(
    ['application/json', 'application/scim+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = String(body);
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
}

const readinessTimeoutMilliseconds = 5_000;

/** Every check at once, each 'ok' or 'failed' (the reason is logged, not shown to an unauthenticated caller). */
async function runReadinessChecks(
  checks: Readonly<Record<string, () => Promise<void>>>,
  log: FastifyBaseLogger,
): Promise<Record<string, 'ok' | 'failed'>> {
  const outcomes = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${readinessTimeoutMilliseconds} ms`)),
          readinessTimeoutMilliseconds,
        );
      });
      try {
        await Promise.race([check(), timeout]);
        return [name, 'ok'] as const;
      } catch (error) {
        log.warn({ err: error, check: name }, 'readiness check failed');
        return [name, 'failed'] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(outcomes);
}

/** The Fastify set-up both listeners share: request ids, errors as JSON, health probes. */
export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const trustProxy: FastifyServerOptions['trustProxy'] = options.trustProxy ?? false;
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: options.bodyLimitBytes,
    trustProxy,
    genReqId: generateRequestId,
    logController: new RequestLogController(),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Shedding requests that arrive while closing is done below, so the 503 carries the API's error body.
    return503OnClosing: false,
    // Errors raised before a route is found (a bad URL escape, a path parameter over the router's limit)
    // answer the documented body, like every other error.
    frameworkErrors: (error, request, reply) => {
      const described = describeFastifyError(error, request, options.bodyLimitBytes) ?? {
        code: 'BAD_REQUEST' as const,
        message: error.message,
      };
      const body = errorBody(described.code, described.message, request.id);
      (reply as FastifyReply).header('x-request-id', request.id).status(body.statusCode).send(body);
    },
    // Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KiB, a broken
    // request line, a timeout): they too answer the documented body, with a request id.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, options.logger),
  });
  // Bodies are JSON by contract; any other content type is a 415, not a string handed to validation.
  app.removeContentTypeParser('text/plain');
  acceptEmptyJsonBodies(app);
  // Only the operations that declare multipart read it (register-surface); the others refuse it.
  if (options.acceptsMultipart) app.register(fastifyMultipart);
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isClosing) {
      // A request arriving on a kept-alive connection during shutdown: tell the client to go elsewhere.
      reply.header('connection', 'close');
      return reply
        .status(503)
        .send(errorBody('SERVICE_UNAVAILABLE', 'the server is shutting down; retry the request', request.id));
    }
  });
  registerErrorHandling(app, writeManagementError, options.bodyLimitBytes);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const checks = await runReadinessChecks(options.readinessChecks, reply.log);
    const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok');
    if (failed.length === 0) return { status: 'ready', checks };
    return reply
      .status(503)
      .send({ status: 'unavailable', checks, message: `not reachable: ${failed.join(', ')}` });
  });
  return app;
}
