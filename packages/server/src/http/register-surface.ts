import { Readable } from 'node:stream';
import { FileReply, type OperationDefinition } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.js';
import { errorHandlerOf } from './error-handler.js';
import { readMultipartBody } from './multipart-body.js';
import { sendNdjson } from './ndjson-reply.js';
import type { OperationHandlers, RequestContext } from './operation-handler.js';
import { parseInput } from './parse-input.js';
import type { Authenticate, AuthenticationRequest, SchemeContexts, Surface } from './surface.js';

/** A handler as the registrar calls it, once its operation's types have done their work at compile time. */
type RegisteredHandler = (input: {
  params: unknown;
  query: unknown;
  body: unknown;
  context: object & RequestContext;
}) => Promise<unknown>;

/** The bytes of bodies whose scheme reads them, as sent: a signature is over these, not re-serialised JSON. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** Keeps a copy of the body before the JSON parser reads it, within the same size limit. */
function keepRawBody(limitBytes: number) {
  return async (request: FastifyRequest, _reply: unknown, payload: Readable) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      if (size > limitBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', `the body is larger than ${limitBytes} bytes`);
      chunks.push(bytes);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(request, raw);
    return Readable.from([raw]);
  };
}

/** A file answer, of a content type its operation declares; the name is quoted as RFC 6266 asks. */
function sendFile(operation: OperationDefinition, reply: FastifyReply, file: FileReply) {
  if (!operation.fileContentTypes.includes(file.contentType)) {
    throw new Error(`${operation.operationId} does not declare the content type ${file.contentType}`);
  }
  const asciiName = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', `${file.contentType}; charset=utf-8`)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeRfc5987(file.filename)}`,
    )
    .send(file.content);
}

/**
 * A page a browser reached by itself (an OAuth provider's redirect back): never cached, never framed, no
 * script, and no referrer carrying the address (which held a one-time code) to anything it links to.
 */
function sendPage(reply: FastifyReply, response: OperationDefinition['response'], output: unknown) {
  if (response === null) throw new Error('an HTML operation declares its page as a string response');
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(response.parse(output));
}

/** Percent-encoding as RFC 5987 `ext-value` wants it (encodeURIComponent leaves `'()*` as they are). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `/api/v1/deployments/{deploymentId}` → `/api/v1/deployments/:deploymentId` */
export function toRouterPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/** The request as a scheme sees it; the client-gone signal is made only when a scheme asks for it. */
function authenticationRequestOf(
  operation: OperationDefinition,
  request: FastifyRequest,
  reply: FastifyReply,
): AuthenticationRequest {
  let clientGone: AbortController | null = null;
  return {
    operation,
    headers: request.headers,
    rawBody: rawBodies.get(request) ?? null,
    clientGone() {
      if (!clientGone) {
        const controller = new AbortController();
        // The client going away ends what it waits for only; work it started may run on.
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        clientGone = controller;
      }
      return clientGone.signal;
    },
  };
}

/**
 * Registers every operation of a surface (one listener's registry) in a scope of its own whose errors
 * are written by the surface. Order of checks: the operation's scheme (401, then the declared right,
 * 403), input validation (400), then the handler (which checks the resource: 404 across accounts).
 */
export function registerSurface<
  Operations extends Record<string, OperationDefinition>,
  Contexts extends SchemeContexts & Record<Operations[keyof Operations]['authScheme'], object>,
>(
  app: FastifyInstance,
  operations: Operations,
  handlers: OperationHandlers<Operations, Contexts>,
  surface: Surface<Contexts, Operations[keyof Operations]['authScheme']>,
): void {
  const authentication = surface.authentication as Record<string, Authenticate<object> | undefined>;
  const rawBodySchemes = new Set(surface.rawBodySchemes ?? []);
  app.register(async (scope) => {
    scope.setErrorHandler(errorHandlerOf(surface.writeError, surface.bodyLimitBytes));
    // Only a listener with the multipart parser can be sent a multipart body at a JSON operation.
    const canReadMultipart = scope.hasRequestDecorator('isMultipart');
    for (const [operationId, operation] of Object.entries(operations)) {
      const handler = handlers[operationId] as RegisteredHandler | undefined;
      if (!handler) throw new Error(`no handler for operation ${operationId}`);
      const authenticate = authentication[operation.authScheme];
      if (!authenticate)
        throw new Error(`no authentication for scheme ${operation.authScheme} (${operationId})`);
      const isMultipart = operation.requestContentType === 'multipart/form-data';
      const bodyLimitBytes = operation.bodyLimitBytes ?? surface.bodyLimitBytes;
      const schemeErrorWriter = surface.schemeErrorWriters?.[operation.authScheme];
      const route: RouteOptions = {
        method: operation.method,
        url: toRouterPath(operation.path),
        // Multipart bodies are streamed past the JSON parser; their limit applies to each file instead.
        ...(operation.bodyLimitBytes !== null && !isMultipart ? { bodyLimit: operation.bodyLimitBytes } : {}),
        ...(rawBodySchemes.has(operation.authScheme) ? { preParsing: keepRawBody(bodyLimitBytes) } : {}),
        ...(schemeErrorWriter
          ? { errorHandler: errorHandlerOf(schemeErrorWriter, surface.bodyLimitBytes) }
          : {}),
        handler: async (request, reply) => {
          const caller = await authenticate(authenticationRequestOf(operation, request, reply));
          if (canReadMultipart && !isMultipart && request.isMultipart()) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              'unsupported content type "multipart/form-data": send application/json',
            );
          }
          const body = isMultipart ? await readMultipartBody(request, bodyLimitBytes) : request.body;
          const input = parseInput(operation, { params: request.params, query: request.query, body });
          const output = await handler({
            params: input.params,
            query: input.query,
            body: input.body,
            // The listener's logger is pino (createHttpServer), so each request's child logger is too.
            context: {
              ...caller,
              requestId: request.id,
              logger: request.log as Logger,
              clientAddress: request.ip,
              isHttps: request.protocol === 'https',
              setResponseHeader: (name: string, value: string) => {
                reply.header(name, value);
              },
            },
          });
          reply.status(operation.successStatus);
          if (operation.responseContentType === 'application/x-ndjson') {
            return sendNdjson(
              request,
              reply,
              output as AsyncIterable<unknown>,
              operation.response,
              surface.streamContentType,
            );
          }
          if (output instanceof FileReply) return sendFile(operation, reply, output);
          if (operation.responseContentType === 'text/html')
            return sendPage(reply, operation.response, output);
          if (operation.successStatus === 204 || operation.response === null) return reply.send();
          if (operation.responseContentType === 'application/scim+json')
            reply.header('content-type', 'application/scim+json; charset=utf-8');
          // Parsing the answer strips any field the contract does not name, so internals never leak.
          return reply.send(operation.response.parse(output));
        },
      };
      if (operation.requestContentType === 'application/x-www-form-urlencoded') {
        // Forms are read for these operations only (their own scope); every other operation stays JSON.
        scope.register(async (formScope) => {
          formScope.addContentTypeParser(
            'application/x-www-form-urlencoded',
            { parseAs: 'string' },
            (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
          );
          formScope.route(route);
        });
      } else {
        scope.route(route);
      }
    }
  });
}
