import { Readable } from 'node:stream';
import type { OperationDefinition } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { DataApiCaller } from '../modules/data-api/data-api-caller.js';
import type { DataApiCredentialService } from '../modules/data-api/data-api-credential.service.js';
import type { AuthorizationService } from '../modules/identity/authorization.service.js';
import type { CredentialService } from '../modules/identity/credential.service.js';
import type { Principal } from '../modules/identity/principal.js';
import { readMultipartBody } from './multipart-body.js';
import { sendNdjson } from './ndjson-reply.js';
import type { OperationHandler } from './operation-handler.js';
import { parseInput } from './parse-input.js';

export interface OperationRegistration {
  credentials: CredentialService;
  authorization: AuthorizationService;
  /** The data API's credentials: a deployment token or a management credential. */
  dataApiCredentials: DataApiCredentialService;
  bodyLimitBytes: number;
}

/** Authenticates (401) and checks the operation's declared right (403), in the operation's auth scheme. */
async function authenticate(
  operation: OperationDefinition,
  request: FastifyRequest,
  registration: OperationRegistration,
): Promise<{ principal: Principal; client: string | null } | { caller: DataApiCaller } | WebhookCredential> {
  const authorization = request.headers.authorization;
  if (operation.authScheme === 'webhook') {
    return { rawBody: rawBodies.get(request) ?? Buffer.alloc(0), headers: request.headers };
  }
  if (operation.authScheme === 'dataApi') {
    const caller = await registration.dataApiCredentials.authenticate(authorization);
    if (operation.action) registration.dataApiCredentials.requireAction(caller, operation.action);
    return { caller };
  }
  const principal = await registration.credentials.authenticate(authorization);
  if (operation.action) registration.authorization.requireAction(principal, operation.action);
  const client = request.headers['x-platform-client'];
  return { principal, client: typeof client === 'string' ? client : null };
}

interface WebhookCredential {
  rawBody: Buffer;
  headers: FastifyRequest['headers'];
}

/** The bytes of webhook bodies, as sent: their signature is over these, not over re-serialised JSON. */
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

/** `/api/v1/deployments/{deploymentId}` → `/api/v1/deployments/:deploymentId` */
export function toRouterPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * Registers every operation of the contract with its handler. Order of checks: credential (401), the
 * operation's declared right (403), input validation (400), then the handler (which checks the resource).
 */
export function registerOperations(
  app: FastifyInstance,
  operations: Record<string, OperationDefinition>,
  handlers: Record<string, OperationHandler<OperationDefinition>>,
  registration: OperationRegistration,
): void {
  for (const [operationId, operation] of Object.entries(operations)) {
    const handler = handlers[operationId];
    if (!handler) throw new Error(`no handler for operation ${operationId}`);
    const isMultipart = operation.requestContentType === 'multipart/form-data';
    app.route({
      method: operation.method,
      url: toRouterPath(operation.path),
      // Multipart bodies are streamed past the JSON parser; their limit applies to each file instead.
      ...(operation.bodyLimitBytes !== null && !isMultipart ? { bodyLimit: operation.bodyLimitBytes } : {}),
      ...(operation.authScheme === 'webhook'
        ? { preParsing: keepRawBody(operation.bodyLimitBytes ?? registration.bodyLimitBytes) }
        : {}),
      handler: async (request, reply) => {
        const credential = await authenticate(operation, request, registration);
        if (!isMultipart && request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'unsupported content type "multipart/form-data": send application/json',
          );
        }
        const body = isMultipart
          ? await readMultipartBody(request, operation.bodyLimitBytes ?? registration.bodyLimitBytes)
          : request.body;
        const input = parseInput(operation, { params: request.params, query: request.query, body });
        const output = await handler({
          params: input.params,
          query: input.query,
          body: input.body,
          context: { ...credential, requestId: request.id, logger: request.log },
        } as Parameters<typeof handler>[0]);
        reply.status(operation.successStatus);
        if (operation.responseContentType === 'application/x-ndjson') {
          return sendNdjson(request, reply, output as AsyncIterable<unknown>, operation.response);
        }
        if (operation.successStatus === 204 || operation.response === null) return reply.send();
        // Parsing the answer strips any field the contract does not name, so internals never leak.
        return reply.send(operation.response.parse(output));
      },
    });
  }
}
