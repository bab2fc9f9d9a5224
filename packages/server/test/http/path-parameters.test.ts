import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountResources } from '../security/account-resources.js';
import type { AccountResources } from '../security/operation-examples.js';
import {
  exampleOf,
  exampleRequest,
  pathParameterPattern,
  registeredOperations,
  sendRequest,
} from '../security/operation-request.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

/** Beyond the 32-bit integer ids the store keeps (PostgreSQL `serial`). */
const beyondIntegerRange = 2 ** 31;
const placeholderResources: AccountResources = {
  deploymentId: 1,
  userId: 1,
  apiKeyId: 1,
  agentId: '00000000-0000-4000-8000-000000000001',
  agentApiKeyId: 1,
  userAttributeId: 1,
  dbtSyncJobId: '00000000-0000-4000-8000-000000000002',
  groupId: 1,
  folderId: 1,
  workbookId: 1,
  reportId: 1,
  reportPublicId: 'PathParams01',
  spareFolderId: 1,
  dashboardWorkbookId: 1,
  htmlReportId: 1,
  dashboardId: 1,
  dashboardPublicId: 'PathParams02',
  oauthIntegrationId: 1,
  oidcTokenConfigId: 1,
  embedTenantName: 'path-params',
  embedGroupId: 1,
  embedExternalId: 'path-params',
  embedSessionId: '0123456789abcdef0123456789abcdef',
  embedPlatformToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
  notificationId: 1,
  notificationRecipientEmail: 'path-params@example.com',
  notificationUnsubscribeToken: 'path-params.unsubscribe-token',
};

/** Operations with a numeric id in the path, read from their examples. */
const withNumericIds = registeredOperations
  .filter((operation) =>
    Object.values(exampleOf(operation).params?.(placeholderResources) ?? {}).some(
      (value) => typeof value === 'number',
    ),
  )
  .map((operation) => operation.operationId);

function operationOf(operationId: string) {
  const operation = registeredOperations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return operation;
}

describe.each(storeEngines)('path ids on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let resources: AccountResources;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    resources = await createAccountResources(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The operation's example with every numeric path id replaced by `id`. */
  function requestWithIds(operationId: string, id: string | number) {
    const operation = operationOf(operationId);
    const params = exampleOf(operation).params?.(resources) ?? {};
    const path = operation.path.replace(pathParameterPattern, (_match, name: string) =>
      encodeURIComponent(String(typeof params[name] === 'number' ? id : params[name])),
    );
    const example = exampleRequest(operation, resources);
    const query = example.url.includes('?') ? example.url.slice(example.url.indexOf('?')) : '';
    return { ...example, url: `${path}${query}` };
  }

  it.each(withNumericIds)('refuses %s with an id that is not a number (400)', async (operationId) => {
    const answer = await sendRequest(
      server,
      operationOf(operationId),
      requestWithIds(operationId, 'not-a-number'),
    );
    expectErrorBody(answer, 'BAD_REQUEST', operationId);
  });

  it.each(withNumericIds)(
    'answers %s with an id beyond the store integer range with 400 or 404, never 500',
    async (operationId) => {
      const answer = await sendRequest(
        server,
        operationOf(operationId),
        requestWithIds(operationId, beyondIntegerRange),
      );
      expect([400, 404], JSON.stringify(answer.body)).toContain(answer.status);
    },
  );

  it('answers a cursor beyond the store integer range with 400, never 500', async () => {
    const after = Buffer.from(`id:${beyondIntegerRange}`, 'utf8').toString('base64url');
    for (const url of [`/api/v1/users?after=${after}`, `/api/v1/deployments?after=${after}`]) {
      const answer = await server.request({ method: 'GET', url });
      expect([200, 400], `${url} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    }
  });

  it('answers ids in a body beyond the store integer range with 4xx, never 500', async () => {
    const bulk = await server.request({
      method: 'POST',
      url: '/api/v1/users/bulk',
      body: { action: 'DEACTIVATE', userIds: [beyondIntegerRange] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBeLessThan(500);
    const key = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'out of range', deploymentIds: [beyondIntegerRange] },
    });
    expect(key.status, JSON.stringify(key.body)).toBeLessThan(500);
  });
});
