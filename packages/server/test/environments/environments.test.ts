import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModelDeployment,
  startDevMode,
  validCube,
  writeFiles,
} from '../data-model/data-model-helpers.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { setEnvVars } from '../semantic-api/semantic-api-helpers.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface Environment {
  id: string;
  type: string;
  branch: string;
  user: { id: number; email: string } | null;
  api_credentials: Array<{ type: string; url: string }>;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)('environments of a deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  const environmentsUrl = (deploymentId: number) => `/api/v1/deployments/${deploymentId}/environments`;

  async function listEnvironments(deploymentId: number, query = '', key?: string) {
    const answer = await server.request({
      method: 'GET',
      url: `${environmentsUrl(deploymentId)}${query}`,
      ...(key ? { key } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Page<Environment>;
  }

  /** A deployment whose `main` has one cube, with a `feature` branch that adds another. */
  async function deploymentWithFeatureBranch() {
    const { deploymentId, base } = await createModelDeployment(server);
    await startDevMode(server, base);
    await writeFiles(server, base, { 'model/orders.yml': validCube('orders') });
    const merged = await server.request({ method: 'POST', url: `${base}/merge-to-default`, body: {} });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await server.request({ method: 'DELETE', url: `${base}/dev-mode` });
    await server.request({
      method: 'POST',
      url: `${base}/branches`,
      body: { name: 'feature', enterDevMode: true },
    });
    await writeFiles(server, base, { 'model/returns.yml': validCube('returns') }, { branchName: 'feature' });
    await server.request({ method: 'DELETE', url: `${base}/dev-mode` });
    return { deploymentId, base };
  }

  it('lists production, the enabled staging branches and each dev-mode branch with its user', async () => {
    const { deploymentId, base } = await deploymentWithFeatureBranch();
    expect((await listEnvironments(deploymentId)).items.map((item) => [item.type, item.branch])).toEqual([
      ['production', 'main'],
    ]);
    const enabled = await server.request({
      method: 'PUT',
      url: `${base}/branches/staging-environment`,
      body: { branchName: 'feature', enabled: true },
    });
    expect(enabled.body).toEqual({ branchName: 'feature', isStagingEnvironmentEnabled: true });
    const developer = await createUserWithKey(server, 'developer');
    const dev = await startDevMode(server, base, developer.key);

    const all = await listEnvironments(deploymentId);
    expect(all.items.map((item) => [item.type, item.branch, item.user?.id ?? null])).toEqual([
      ['production', 'main', null],
      ['staging', 'feature', null],
      ['development', dev.branchName, developer.userId],
    ]);
    expect(all.items[0]?.api_credentials).toEqual([
      { type: 'rest', url: `${server.config.publicUrl}/deployments/${deploymentId}/data/v1` },
      { type: 'sql', url: `${server.config.publicUrl}/deployments/${deploymentId}/data/v1/cubesql` },
    ]);
    const staging = await listEnvironments(deploymentId, '?type=staging');
    expect(staging.items.map((item) => item.branch)).toEqual(['feature']);

    // Both ways of paging: a cursor, and offset/limit; mixing them is a 400.
    const first = await listEnvironments(deploymentId, '?first=1');
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await listEnvironments(deploymentId, `?first=1&after=${first.pageInfo.endCursor}`);
    expect(second.items.map((item) => item.type)).toEqual(['staging']);
    const byOffset = await listEnvironments(deploymentId, '?offset=1&limit=2');
    expect(byOffset.items.map((item) => item.type)).toEqual(['staging', 'development']);
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `${environmentsUrl(deploymentId)}?offset=1&after=${first.pageInfo.endCursor}`,
      }),
      'BAD_REQUEST',
    );
    expectErrorBody(
      await server.request({ method: 'GET', url: `${environmentsUrl(deploymentId)}?type=qa` }),
      'BAD_REQUEST',
    );

    await server.request({
      method: 'PUT',
      url: `${base}/branches/staging-environment`,
      body: { branchName: 'feature', enabled: false },
    });
    const branches = await server.request({ method: 'GET', url: `${base}/branches` });
    expect(
      (branches.body as Page<{ name: string; isStagingEnvironmentEnabled: boolean }>).items,
    ).toContainEqual(expect.objectContaining({ name: 'feature', isStagingEnvironmentEnabled: false }));
    expect((await listEnvironments(deploymentId, '?type=staging')).items).toEqual([]);
    expectErrorBody(
      await server.request({
        method: 'PUT',
        url: `${base}/branches/staging-environment`,
        body: { branchName: 'nope', enabled: true },
      }),
      'NOT_FOUND',
    );
  });

  it("mints a token that queries only its environment's branch, and lists it masked", async () => {
    const { deploymentId, base } = await deploymentWithFeatureBranch();
    await server.request({
      method: 'PUT',
      url: `${base}/branches/staging-environment`,
      body: { branchName: 'feature', enabled: true },
    });
    const staging = (await listEnvironments(deploymentId, '?type=staging')).items[0] as Environment;
    const tokensUrl = `${environmentsUrl(deploymentId)}/${staging.id}/tokens`;
    const created = await server.request({
      method: 'POST',
      url: tokensUrl,
      body: { security_context: { tenant: 'acme' }, expires_in: 600, scopes: ['meta', 'data'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { data } = created.body as {
      data: { token: string; security_context: unknown; created_at: string; expires_at: string };
    };
    expect(data.security_context).toEqual({ tenant: 'acme' });
    expect(new Date(data.expires_at).getTime() - new Date(data.created_at).getTime()).toBeGreaterThan(
      590_000,
    );

    const metaUrl = `/deployments/${deploymentId}/data/v1/meta`;
    const cubesOf = async (url: string, key: string) => {
      const answer = await server.request({ method: 'GET', url, key });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { cubes: Array<{ name: string }> }).cubes.map((cube) => cube.name).sort();
    };
    expect(await cubesOf(metaUrl, data.token)).toEqual(['orders', 'returns']);
    expect(await cubesOf(metaUrl, server.adminKey)).toEqual(['orders']);
    expectErrorBody(
      await server.request({ method: 'GET', url: `${metaUrl}?branchName=main`, key: data.token }),
      'FORBIDDEN',
    );

    const listed = await server.request({ method: 'GET', url: tokensUrl });
    expect(listed.status).toBe(200);
    const [item] = (listed.body as Page<Record<string, unknown>>).items;
    expect(item).toMatchObject({
      token: `****${data.token.slice(-6)}`,
      security_context: { tenant: 'acme' },
      scopes: ['meta', 'data'],
      created_at: data.created_at,
      expires_at: data.expires_at,
    });
    expect(JSON.stringify(listed.body)).not.toContain(data.token);
    const production = await server.request({
      method: 'GET',
      url: `${environmentsUrl(deploymentId)}/production/tokens`,
    });
    expect((production.body as Page<unknown>).items).toEqual([]);
  });

  /** Every data-API operation, by the scope it needs, as a request a token can send. */
  function dataApiRequests(deploymentId: number) {
    const data = `/deployments/${deploymentId}/data/v1`;
    const query = { measures: ['orders.count'] };
    const encoded = encodeURIComponent(JSON.stringify(query));
    return [
      { scope: 'meta', method: 'GET', url: `${data}/meta` },
      { scope: 'data', method: 'GET', url: `${data}/load?query=${encoded}` },
      { scope: 'data', method: 'POST', url: `${data}/load`, body: { query } },
      { scope: 'data', method: 'GET', url: `${data}/dry-run?query=${encoded}` },
      { scope: 'data', method: 'POST', url: `${data}/dry-run`, body: { query } },
      { scope: 'data', method: 'POST', url: `${data}/cubesql`, body: { query: 'SELECT 1' } },
      { scope: 'sql', method: 'GET', url: `${data}/sql?query=${encoded}` },
      { scope: 'sql', method: 'POST', url: `${data}/sql`, body: { query } },
    ] as const;
  }

  /** A deployment whose SQL can be generated: an in-memory DuckDB warehouse (without the tables). */
  async function deploymentWithWarehouse() {
    const { deploymentId } = await deploymentWithFeatureBranch();
    await setEnvVars(server, deploymentId, { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: ':memory:' });
    return deploymentId;
  }

  async function mintToken(url: string, body: Record<string, unknown>): Promise<string> {
    const created = await server.request({ method: 'POST', url, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return (created.body as { data: { token: string } }).data.token;
  }

  it('mints a meta-sync token that reads the metadata and is refused every other data-API operation', async () => {
    const deploymentId = await deploymentWithWarehouse();
    const tokensUrl = `${environmentsUrl(deploymentId)}/production/tokens`;
    const token = await mintToken(`${tokensUrl}-for-meta-sync`, { security_context: { tenant: 'acme' } });
    for (const request of dataApiRequests(deploymentId)) {
      const answer = await server.request({ ...request, key: token });
      const label = `${request.method} ${request.url}`;
      if (request.scope === 'meta') {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect((answer.body as { cubes: Array<{ name: string }> }).cubes.map((cube) => cube.name)).toEqual([
          'orders',
        ]);
      } else {
        expectErrorBody(answer, 'FORBIDDEN', label);
        expect((answer.body as { message: string }).message, label).toContain(`the ${request.scope} scope`);
      }
    }
    // The same token's operations, with an admin key: what was refused is the scope, not the request.
    for (const request of dataApiRequests(deploymentId).filter((item) => item.scope !== 'data')) {
      const answer = await server.request({ ...request });
      expect(answer.status, `${request.url} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const listed = await server.request({ method: 'GET', url: tokensUrl });
    expect((listed.body as Page<{ token: string; scopes: string[] }>).items[0]).toMatchObject({
      token: `****${token.slice(-6)}`,
      scopes: ['meta'],
    });
    // A meta-sync token is never more than that.
    for (const scopes of [['data'], ['meta', 'sql']]) {
      expectErrorBody(
        await server.request({
          method: 'POST',
          url: `${tokensUrl}-for-meta-sync`,
          body: { security_context: {}, scopes },
        }),
        'BAD_REQUEST',
        JSON.stringify(scopes),
      );
    }
    expect(
      (
        await server.request({
          method: 'POST',
          url: `${tokensUrl}-for-meta-sync`,
          body: { security_context: {}, scopes: ['meta'] },
        })
      ).status,
    ).toBe(201);
    // The rights of POST .../tokens: a viewer may not mint one.
    const viewer = await createUserWithKey(server, 'viewer');
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: `${tokensUrl}-for-meta-sync`,
        body: { security_context: {} },
        key: viewer.key,
      }),
      'FORBIDDEN',
    );
  });

  it('enforces the scopes of an environment token on every data-API operation', async () => {
    const deploymentId = await deploymentWithWarehouse();
    const tokensUrl = `${environmentsUrl(deploymentId)}/production/tokens`;
    const sqlOnly = await mintToken(tokensUrl, { security_context: {}, scopes: ['sql'] });
    const graphqlOnly = await mintToken(tokensUrl, { security_context: {}, scopes: ['graphql'] });
    const every = await mintToken(tokensUrl, { security_context: {}, scopes: [] });
    for (const request of dataApiRequests(deploymentId)) {
      const label = `${request.method} ${request.url}`;
      const bySql = await server.request({ ...request, key: sqlOnly });
      if (request.scope === 'sql') expect(bySql.status, `${label} ${JSON.stringify(bySql.body)}`).toBe(200);
      else expectErrorBody(bySql, 'FORBIDDEN', label);
      expectErrorBody(await server.request({ ...request, key: graphqlOnly }), 'FORBIDDEN', label);
      // No scopes: every operation passes the credential check (load needs a warehouse, which is not 403).
      expect((await server.request({ ...request, key: every })).status, label).not.toBe(403);
    }
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: tokensUrl,
        body: { security_context: {}, scopes: ['admin'] },
      }),
      'BAD_REQUEST',
    );
  });

  it('refuses bad bodies, unknown environments, and minting without DeploymentManage', async () => {
    const { deploymentId } = await deploymentWithFeatureBranch();
    const tokensUrl = `${environmentsUrl(deploymentId)}/production/tokens`;
    for (const body of [
      {},
      { security_context: {}, expires_in: 0 },
      { security_context: {}, expires_in: 3601 },
      { security_context: 'x' },
    ]) {
      expectErrorBody(
        await server.request({ method: 'POST', url: tokensUrl, body }),
        'BAD_REQUEST',
        JSON.stringify(body),
      );
    }
    for (const environmentId of ['staging-ZmVhdHVyZQ', 'development-999', 'qa']) {
      const answer = await server.request({
        method: 'POST',
        url: `${environmentsUrl(deploymentId)}/${environmentId}/tokens`,
        body: { security_context: {} },
      });
      expectErrorBody(answer, environmentId === 'qa' ? 'BAD_REQUEST' : 'NOT_FOUND', environmentId);
    }
    const viewer = await createUserWithKey(server, 'viewer');
    expect((await listEnvironments(deploymentId, '', viewer.key)).items).toHaveLength(1);
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: tokensUrl,
        body: { security_context: {} },
        key: viewer.key,
      }),
      'FORBIDDEN',
    );
    const other = await createOtherAccount(server);
    expectErrorBody(
      await server.request({ method: 'GET', url: environmentsUrl(deploymentId), key: other.adminKey }),
      'NOT_FOUND',
    );
    expectErrorBody(
      await server.request({
        method: 'POST',
        url: tokensUrl,
        body: { security_context: {} },
        key: other.adminKey,
      }),
      'NOT_FOUND',
    );
    expect((await server.request({ method: 'GET', url: tokensUrl })).body).toMatchObject({ items: [] });
  });
});
