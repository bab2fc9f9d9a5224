import * as z from 'zod';
import { type ErrorCode, errorCatalogue } from '../errors/error-catalogue.js';
import type { OperationDefinition } from '../operations/operation.js';
import { ErrorBody } from '../schemas/common.schema.js';
import { ScimError } from '../schemas/scim.schema.js';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  security: Array<Record<string, string[]>>;
}

/** Every operation can answer these besides the codes it declares. */
export const commonErrors: readonly ErrorCode[] = ['BAD_REQUEST', 'INTERNAL_SERVER_ERROR'];
/** The data API also takes a deployment token, sent bare (`Authorization: <token>`) or as a bearer token. */
const dataApiSecurity = [{ deploymentToken: [] }, { bearerAuth: [] }, { apiKeyAuth: [] }];
/** The operations an embedded dashboard page calls also take an embed token, as a bearer token. */
const embedSecurity = [{ bearerAuth: [] }, { apiKeyAuth: [] }, { embedToken: [] }];

/** Every operation needs a credential (SPEC.md: all management and build endpoints use bearer auth). */
const credentialErrors: readonly ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN'];

export class ComponentCollector {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Converts a zod schema, moving every schema that carries an `id` into components. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      reused: 'inline',
    }) as JsonSchema;
    const definitions = (converted.$defs ?? {}) as Record<string, JsonSchema>;
    const renames = new Map<string, string>();
    for (const [id, definition] of Object.entries(definitions)) {
      renames.set(id, this.register(id, definition, io));
    }
    const { $defs: _definitions, $schema: _dialect, ...root } = converted;
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => {
          if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
            const id = inner.slice('#/$defs/'.length);
            return [key, `#/components/schemas/${renames.get(id) ?? id}`];
          }
          return [key, rewrite(inner)];
        });
        return Object.fromEntries(entries);
      }
      return value;
    };
    for (const [id, name] of renames) {
      this.schemas[name] = rewrite(definitions[id]) as JsonSchema;
    }
    return rewrite(root) as JsonSchema;
  }

  /** Input and output forms of one schema may differ (defaults, transforms): keep both, named apart. */
  private register(id: string, definition: JsonSchema, io: 'input' | 'output'): string {
    const existing = this.schemas[id];
    // why: a kept schema has its references rewritten already; one met again (a body two operations
    // share) is the same schema when only that differs.
    const converted = JSON.stringify(definition).replaceAll('"#/$defs/', '"#/components/schemas/');
    if (!existing || JSON.stringify(existing) === converted) return id;
    return io === 'input' ? `${id}Input` : id;
  }
}

export function parametersOf(
  collector: ComponentCollector,
  schema: z.ZodType | null,
  location: 'path' | 'query',
): JsonSchema[] {
  if (!schema) return [];
  const converted = collector.convert(schema, 'input');
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const isArray = property.type === 'array';
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      schema: property,
      ...(isArray ? { style: 'form', explode: true } : {}),
    };
  });
}

function errorResponses(operation: OperationDefinition): Record<string, JsonSchema> {
  const codes = new Set<ErrorCode>([...commonErrors, ...credentialErrors, ...operation.errors]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // SCIM operations answer errors in SCIM's own body (RFC 7644), as identity providers read them.
  const content =
    operation.authScheme === 'scim'
      ? { 'application/scim+json': { schema: { $ref: '#/components/schemas/ScimError' } } }
      : { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
  const responses: Record<string, JsonSchema> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([left], [right]) => left - right)) {
    responses[String(status)] = {
      description: statusCodes.map((code) => `${code}: ${errorCatalogue[code].meaning}`).join(' '),
      content,
    };
  }
  return responses;
}

export function buildOpenApiDocument(
  operations: readonly OperationDefinition[],
  options: { version: string; serverUrl?: string },
): OpenApiDocument {
  const collector = new ComponentCollector();
  collector.convert(ErrorBody, 'output');
  if (operations.some((operation) => operation.authScheme === 'scim')) collector.convert(ScimError, 'output');
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const success: JsonSchema =
      operation.response === null
        ? { description: 'Success, no body.' }
        : {
            description:
              operation.responseContentType === 'application/x-ndjson'
                ? 'Success: newline-delimited JSON, each line one object of this schema.'
                : 'Success.',
            content: {
              [operation.responseContentType]: { schema: collector.convert(operation.response, 'output') },
              // The same rows as a file, when the query asks for one (e.g. `?format=csv`).
              ...Object.fromEntries(
                operation.fileContentTypes.map((type) => [type, { schema: { type: 'string' } }]),
              ),
            },
          };
    const entry: JsonSchema = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(operation.action ? { 'x-required-action': operation.action } : {}),
      ...(operation.authScheme === 'dataApi' ? { security: dataApiSecurity } : {}),
      ...(operation.authScheme === 'embed' ? { security: embedSecurity } : {}),
      ...(operation.dataApiScope ? { 'x-data-api-scope': operation.dataApiScope } : {}),
      // A webhook is verified by a shared secret over the body, which OpenAPI's security schemes cannot
      // express; `none` (the web sign-in) takes its API key in the body.
      ...(operation.authScheme === 'webhook' || operation.authScheme === 'none' ? { security: [] } : {}),
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
      responses: { [String(operation.successStatus)]: success, ...errorResponses(operation) },
    };
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, JsonSchema>)[operation.method.toLowerCase()] = entry;
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform Management API',
      version: options.version,
      description:
        "Management API (/api/v1), build API (/build/api/v1) and each deployment's data API (/deployments/{deploymentId}/data) of the platform. Errors use the ErrorBody shape.",
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags,
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(collector.schemas).sort(([left], [right]) => (left < right ? -1 : 1)),
      ),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (sk-...) or token.' },
        apiKeyAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The value `Api-Key sk-...`.',
        },
        deploymentToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "A deployment token (POST /api/v1/deployments/{deploymentId}/token), as the bare header value or after `Bearer `; only for that deployment's data API.",
        },
        embedToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'An embed token (POST /api/v1/embed/session/token): only for the operations an embedded dashboard page calls.',
        },
      },
    },
    security: [{ bearerAuth: [] }, { apiKeyAuth: [] }],
  };
}
