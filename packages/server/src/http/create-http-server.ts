import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { errorBody } from './error-body.js';
import { registerErrorHandling } from './error-handler.js';
import { generateRequestId } from './request-id.js';
import { RequestLogController } from './request-log-controller.js';

export interface HttpServerOptions {
  logger: Logger;
  bodyLimitBytes: number;
  /** Answers /readyz: resolves when the store is reachable. */
  checkReadiness: () => Promise<void>;
  /** Registers the multipart parser (the build API's uploads). */
  acceptsMultipart?: boolean;
}

/** The Fastify set-up both listeners share: request ids, errors as JSON, health probes. */
export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: options.bodyLimitBytes,
    genReqId: generateRequestId,
    logController: new RequestLogController(),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Shedding requests that arrive while closing is done below, so the 503 carries the API's error body.
    return503OnClosing: false,
  });
  // Bodies are JSON by contract; any other content type is a 415, not a string handed to validation.
  app.removeContentTypeParser('text/plain');
  // Only the operations that declare multipart read it (register-operations); the others refuse it.
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
  registerErrorHandling(app, options.bodyLimitBytes);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await options.checkReadiness();
      return { status: 'ready' };
    } catch (error) {
      reply.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'the store is not reachable' });
    }
  });
  return app;
}
