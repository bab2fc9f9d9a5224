import { type OperationDefinition, operations } from '@platform/contract';
import type { TestServer } from '../support/test-server.js';
import {
  type AccountResources,
  type OperationExample,
  operationExamples,
  queryOfExample,
} from './operation-examples.js';

/** The registry as plain definitions, read at run time so that new operations are covered at once. */
export const registeredOperations: readonly OperationDefinition[] = Object.values(
  operations as Record<string, OperationDefinition>,
);

/** Operations that answer anyone, holding nothing of an account (what the sign-in page may offer). */
export const publicOperationIds: ReadonlySet<string> = new Set(['getSignInOptions']);

/** The operations that take an API key: the ones whose access checks the suite's rules describe. */
export const credentialOperations = registeredOperations.filter(
  (operation) => operation.authScheme !== 'webhook' && !publicOperationIds.has(operation.operationId),
);

/** Called by other systems without an API key, verified by a shared secret over the body instead. */
export const webhookOperations = registeredOperations.filter(
  (operation) => operation.authScheme === 'webhook',
);

export const pathParameterPattern = /\{([A-Za-z0-9_]+)\}/g;

export function pathParametersOf(operation: OperationDefinition): string[] {
  return [...operation.path.matchAll(pathParameterPattern)].map((match) => match[1] as string);
}

export function exampleOf(operation: OperationDefinition): OperationExample {
  const example = operationExamples[operation.operationId];
  if (!example) {
    throw new Error(
      `operation ${operation.operationId} has no entry in test/security/operation-examples.ts: add one`,
    );
  }
  return example;
}

export interface ExampleRequest {
  method: string;
  url: string;
  body?: unknown;
}

/** The operation's example as a request: path parameters filled in, query string and body attached. */
export function exampleRequest(operation: OperationDefinition, resources: AccountResources): ExampleRequest {
  const example = exampleOf(operation);
  const params = example.params?.(resources) ?? {};
  const path = operation.path.replace(pathParameterPattern, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`the example of ${operation.operationId} gives no path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
  const values = queryOfExample(example, resources);
  const query = Object.keys(values).length > 0 ? `?${new URLSearchParams(values).toString()}` : '';
  const body = example.body?.(resources);
  return { method: operation.method, url: `${path}${query}`, ...(body === undefined ? {} : { body }) };
}

/** A multipart body of string and byte fields, for the operations that take files. */
function multipartOf(fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = '----platform-security-example';
  const parts = Object.entries(fields).map(([name, value]) => {
    const isFile = value instanceof Uint8Array;
    const header = isFile
      ? `Content-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: application/octet-stream`
      : `Content-Disposition: form-data; name="${name}"`;
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\n${header}\r\n\r\n`),
      isFile ? Buffer.from(value) : Buffer.from(String(value)),
      Buffer.from('\r\n'),
    ]);
  });
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends the operation's example with the given credential (null: none). */
export function sendExample(
  server: TestServer,
  operation: OperationDefinition,
  resources: AccountResources,
  key: string | null,
) {
  return sendRequest(server, operation, exampleRequest(operation, resources), key);
}

/** Sends a request of the operation in the content type it declares (multipart for file uploads). */
export async function sendRequest(
  server: TestServer,
  operation: OperationDefinition,
  request: ExampleRequest,
  key: string | null = server.adminKey,
) {
  if (operation.requestContentType !== 'multipart/form-data') return server.request({ ...request, key });
  const body = multipartOf((request.body ?? {}) as Record<string, unknown>);
  const response = await server.app.inject({
    method: request.method as 'POST',
    url: request.url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as unknown,
    headers: response.headers,
  };
}
