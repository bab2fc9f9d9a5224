import { type ErrorCode, errorCatalogue } from '../errors/error-catalogue.js';
import type { OperationDefinition } from '../operations/operation.js';
import { ChatAuthenticationFailure, ChatErrorBody } from '../schemas/chat.schema.js';
import {
  ComponentCollector,
  commonErrors,
  type JsonSchema,
  type OpenApiDocument,
  parametersOf,
} from './build-openapi-document.js';

const errorReference = { $ref: '#/components/schemas/ChatErrorBody' };
const authenticationFailureReference = { $ref: '#/components/schemas/ChatAuthenticationFailure' };

/**
 * Which credentials an operation takes. An agent API key belongs to one agent, so only the forms that
 * name the agent in their path take it (the deployment form answers 403 to a key); a platform token is
 * checked against the deployment's chat-auth settings on every form.
 */
function securityOf(operation: OperationDefinition): Array<Record<string, string[]>> {
  if (operation.authScheme !== 'chat') return [];
  return operation.path.includes('{agentId}')
    ? [{ agentApiKey: [] }, { platformToken: [] }]
    : [{ platformToken: [] }];
}

/** 401 is not among them: a refused credential is a JSON-RPC error object in a 200 (see `success`). */
function errorResponses(operation: OperationDefinition): Record<string, JsonSchema> {
  const codes = [...new Set<ErrorCode>([...commonErrors, ...operation.errors])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([left], [right]) => left - right)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: statusCodes.map((code) => `${code}: ${errorCatalogue[code].meaning}`).join(' '),
          content: { 'application/json': { schema: errorReference } },
        },
      ]),
  );
}

/** The success answers, with the authentication failure that shares the 200 of a chat operation. */
function successResponses(collector: ComponentCollector, operation: OperationDefinition) {
  const isChat = operation.authScheme === 'chat';
  const responses: Record<string, JsonSchema> = {};
  if (operation.response === null) {
    responses[String(operation.successStatus)] = { description: 'Success, no body.' };
    if (isChat) {
      responses['200'] = {
        description: 'The credential was refused (a JSON-RPC error object).',
        content: { 'application/json': { schema: authenticationFailureReference } },
      };
    }
    return responses;
  }
  const schema = collector.convert(operation.response, 'output');
  if (operation.responseContentType !== 'application/x-ndjson') {
    responses[String(operation.successStatus)] = {
      description: 'Success.',
      content: { 'application/json': { schema } },
    };
    return responses;
  }
  responses[String(operation.successStatus)] = {
    description:
      'A stream of newline-delimited JSON, each line one object of this schema, written as it is produced. ' +
      'Served as `application/json` (one object per line); `application/x-ndjson` names the same format. ' +
      'When the credential is refused, the one line is a JSON-RPC error object instead.',
    content: {
      'application/json': { schema: isChat ? { oneOf: [schema, authenticationFailureReference] } : schema },
      'application/x-ndjson': { schema },
    },
  };
  return responses;
}

/**
 * The OpenAPI 3.1 document of the Chat API (the chat listener's operations), built from the same
 * definitions as its routes: paths, request schemas, the stream's line schema, the authentication
 * failure in a 200, and the chat error body.
 */
export function buildChatOpenApiDocument(
  operations: readonly OperationDefinition[],
  options: { version: string; serverUrl?: string },
): OpenApiDocument {
  const collector = new ComponentCollector();
  collector.convert(ChatErrorBody, 'output');
  collector.convert(ChatAuthenticationFailure, 'output');
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const entry: JsonSchema = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      security: securityOf(operation),
      parameters: [
        ...parametersOf(collector, operation.params, 'path'),
        ...parametersOf(collector, operation.query, 'query'),
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: operation.isBodyRequired,
              content: {
                [operation.requestContentType]: { schema: collector.convert(operation.body, 'input') },
              },
            },
          }
        : {}),
      responses: { ...successResponses(collector, operation), ...errorResponses(operation) },
    };
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, JsonSchema>)[operation.method.toLowerCase()] = entry;
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform Chat API',
      version: options.version,
      description:
        "The Chat API, served on its own listener (`PLATFORM_AI_PORT`): ask a deployment's agents about the data, streamed as newline-delimited JSON, and abort an answer. Errors use the ChatErrorBody shape; a refused credential is a JSON-RPC error object in an HTTP 200.",
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags,
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(collector.schemas).sort(([left], [right]) => (left < right ? -1 : 1)),
      ),
      securitySchemes: {
        agentApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'The value `Api-Key sk-...`: an API key of the agent in the path (POST /api/v1/deployments/{deploymentId}/agents/{agentId}/api-keys on the management API). `sessionSettings` then names the user.',
        },
        platformToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Platform-Auth-Token',
          description:
            "A JWT checked with the deployment's chat-auth settings (shared secret or JWKS), when the deployment enabled them; its claims name the user.",
        },
      },
    },
    security: [{ agentApiKey: [] }, { platformToken: [] }],
  };
}
