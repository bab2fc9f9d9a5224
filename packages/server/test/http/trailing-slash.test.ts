import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountResources } from '../security/account-resources.js';
import type { AccountResources } from '../security/operation-examples.js';
import { exampleRequest, pathParametersOf, registeredOperations } from '../security/operation-request.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';

/**
 * Reads that cannot succeed on a plain test server, so a 200 with and without the slash cannot be
 * compared: the OAuth callback's example brings a state nobody issued (test/integrations follows it with
 * real states); GitHub discovery needs a GitHub App (test/github runs it against a scripted GitHub API).
 */
const readsThatCannotSucceedHere: ReadonlySet<string> = new Set([
  'completeOAuthCallback',
  'listGithubInstallations',
  'listGithubRepositories',
  'listGithubBranches',
]);
const reads = registeredOperations.filter(
  (operation) => operation.method === 'GET' && !readsThatCannotSucceedHere.has(operation.operationId),
);
const readsWithoutPathParameters = reads
  .filter((operation) => pathParametersOf(operation).length === 0)
  .map((operation) => operation.operationId);
const readsWithPathParameters = reads
  .filter((operation) => pathParametersOf(operation).length > 0)
  .map((operation) => operation.operationId);

function withTrailingSlash(url: string): string {
  const [path, query] = url.split('?');
  return `${path}/${query === undefined ? '' : `?${query}`}`;
}

describe.each(storeEngines)('trailing slashes on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let resources: AccountResources;
  beforeAll(async () => {
    // A long credential cache keeps lastUsedAt still, so two reads of the same list are equal.
    server = await startTestServer({ engine, environment: { PLATFORM_CREDENTIAL_CACHE_SECONDS: '3600' } });
    resources = await createAccountResources(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function expectSameAnswer(operationId: string): Promise<void> {
    const operation = reads.find((read) => read.operationId === operationId);
    if (!operation) throw new Error(`no read ${operationId}`);
    const { url } = exampleRequest(operation, resources);
    const plain = await server.request({ method: 'GET', url });
    const slashed = await server.request({ method: 'GET', url: withTrailingSlash(url) });
    expect(plain.status, JSON.stringify(plain.body)).toBe(operation.successStatus);
    expect(slashed.status).toBe(plain.status);
    expect(slashed.body).toEqual(plain.body);
  }

  it.each(readsWithoutPathParameters)('answers %s the same with a trailing slash', expectSameAnswer);

  it.each(readsWithPathParameters)(
    'answers %s the same with a trailing slash after its path parameters',
    expectSameAnswer,
  );

  it('routes writes with a trailing slash too', async () => {
    const created = await server.request({
      method: 'POST',
      url: '/api/v1/users/',
      body: { email: 'slash@example.com' },
    });
    expect(created.status).toBe(201);
    const deployment = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments/',
      body: { name: 'with-slash' },
    });
    expect(deployment.status).toBe(201);
    const key = await server.request({ method: 'POST', url: '/api/v1/api-keys/', body: { name: 'slash' } });
    const keyId = (key.body as { id: number }).id;
    const deleted = await server.request({ method: 'DELETE', url: `/api/v1/api-keys/${keyId}/` });
    expect(deleted.status).toBe(200);
  });

  it('collapses duplicate slashes', async () => {
    const answer = await server.request({ method: 'GET', url: '/api/v1//users/me' });
    expect(answer.status).toBe(200);
  });
});
