import { type OperationDefinition, operations } from '@platform/contract';
import type { TestServer } from '../support/test-server.js';
import { type AccountResources, type OperationExample, operationExamples } from './operation-examples.js';

/** The registry as plain definitions, read at run time so that new operations are covered at once. */
export const registeredOperations: readonly OperationDefinition[] = Object.values(
  operations as Record<string, OperationDefinition>,
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
  const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const body = example.body?.(resources);
  return { method: operation.method, url: `${path}${query}`, ...(body === undefined ? {} : { body }) };
}

/** Sends the operation's example with the given credential (null: none). */
export function sendExample(
  server: TestServer,
  operation: OperationDefinition,
  resources: AccountResources,
  key: string | null,
) {
  return server.request({ ...exampleRequest(operation, resources), key });
}
