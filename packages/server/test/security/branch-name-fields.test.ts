import { BranchName, type OperationDefinition } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { expectErrorBody } from '../http/expect-error-body.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { createAccountResources } from './account-resources.js';
import type { AccountResources } from './operation-examples.js';
import { exampleRequest, registeredOperations, sendRequest } from './operation-request.js';

/** Names git refuses (check-ref-format), each for a different rule. */
const badBranchNames = [
  '-1',
  'x.lock',
  'a/x.lock/b',
  'a/.b',
  '.hidden',
  'x.',
  'HEAD',
  'a..b',
  'a//b',
  'a/',
  '/a',
  'a@{1}',
  'a b',
  'a~1',
  'a^',
  'a:b',
  'a?',
  'a*',
  'a[b',
  'a\\b',
  'a\u0001b',
  'x'.repeat(201),
];

/** The schema under optional, default and the like: a field is a branch name when it is BranchName. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) {
    current = current.def.innerType as z.ZodType;
  }
  return current;
}

function branchFieldsOf(schema: z.ZodType | null): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => unwrapped(field) === BranchName)
    .map(([name]) => name);
}

/** Every (operation, place, field) of the contract that names a branch. */
const branchFields = registeredOperations.flatMap((operation) => [
  ...branchFieldsOf(operation.query).map((field) => ({ operation, place: 'query' as const, field })),
  ...branchFieldsOf(operation.body).map((field) => ({ operation, place: 'body' as const, field })),
]);

function withBranchName(
  operation: OperationDefinition,
  resources: AccountResources,
  place: 'query' | 'body',
  field: string,
  name: string,
) {
  const request = exampleRequest(operation, resources);
  if (place === 'body') {
    return { ...request, body: { ...((request.body ?? {}) as object), [field]: name } };
  }
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set(field, name);
  return { ...request, url: `${url.pathname}${url.search}` };
}

describe.each(storeEngines)('branch names in every operation on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let resources: AccountResources;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    resources = await createAccountResources(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finds the branch-name fields of the contract', () => {
    const names = branchFields.map(
      ({ operation, place, field }) => `${operation.operationId} ${place} ${field}`,
    );
    // The operations the probe found answering 500 are among them; the list grows with the contract.
    for (const expected of [
      'createBranch body name',
      'deleteBranch query branchName',
      'mergeBranch body branchName',
      'commitBranch body branchName',
      'pullBranch body branchName',
      'startDevMode body branchName',
      'getBuildStatus query branchName',
      'loadQuery query branchName',
      'getModelMetadata query branchName',
      'startDbtSync body branchName',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(
    branchFields.map((entry) => [`${entry.operation.operationId} ${entry.place} ${entry.field}`, entry]),
  )('%s refuses every name git refuses with 400', async (_label, { operation, place, field }) => {
    for (const name of badBranchNames) {
      const answer = await sendRequest(
        server,
        operation,
        withBranchName(operation, resources, place, field, name),
      );
      expectErrorBody(answer, 'BAD_REQUEST', `${operation.operationId} ${field}=${JSON.stringify(name)}`);
    }
    const health = await server.request({ method: 'GET', url: '/api/v1/deployments?first=1' });
    expect(health.status).toBe(200);
  });
});
