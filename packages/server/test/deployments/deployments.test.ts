import type { Deployment, DeploymentSettings } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import {
  createDeployment,
  createScopedKey,
  type ErrorResponseBody,
  uniqueDeploymentName,
  updateDeployment,
} from './deployment-helpers.js';

interface DeploymentsPage {
  items: Deployment[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)('deployments on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a deployment with defaults, at the project step, with its data API URL', async () => {
    const name = uniqueDeploymentName();
    const response = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments/',
      body: { name },
    });
    expect(response.status).toBe(201);
    const created = response.body as DeploymentSettings;
    expect(created).toMatchObject({
      name,
      creationStep: 'project',
      cloudProvider: 'cubecloud',
      creationMethod: 'upload',
      deployMode: 'cli',
      region: 'local',
      releaseChannel: 'latest',
      releaseChannelVersion: null,
      deployBranchName: 'main',
      deploymentUrl: `${server.config.publicUrl}/deployments/${created.id}/data`,
    });
    const fetched = await server.request({ method: 'GET', url: `/api/v1/deployments/${created.id}` });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({
      id: created.id,
      name,
      deploymentUrl: created.deploymentUrl,
      creationStep: 'project',
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
    });
  });

  it('builds the deployment URL from the public URL at the time of the request', async () => {
    const created = await createDeployment(server);
    const original = server.config.publicUrl;
    server.config.publicUrl = 'https://platform.example.com';
    try {
      const fetched = await server.request({ method: 'GET', url: `/api/v1/deployments/${created.id}` });
      expect((fetched.body as Deployment).deploymentUrl).toBe(
        `https://platform.example.com/deployments/${created.id}/data`,
      );
    } finally {
      server.config.publicUrl = original;
    }
  });

  it('refuses invalid input with 400 and a message naming the field', async () => {
    const cases: Array<{ body: Record<string, unknown>; field: RegExp }> = [
      { body: { name: 'x', cloudProvider: 'azure' }, field: /cloudProvider/ },
      { body: { name: 'x', creationMethod: 'ftp' }, field: /creationMethod/ },
      { body: { name: 'x', deployMode: 'manual' }, field: /deployMode/ },
      { body: { name: '   ' }, field: /name/ },
      { body: {}, field: /name/ },
      { body: { name: 'x', region: 'mars' }, field: /region "mars".*local/ },
      { body: { name: 'x', colour: 'blue' }, field: /colour/ },
    ];
    for (const { body, field } of cases) {
      const response = await server.request({ method: 'POST', url: '/build/api/v1/deployments', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as ErrorResponseBody).code).toBe('BAD_REQUEST');
      expect((response.body as ErrorResponseBody).message, JSON.stringify(body)).toMatch(field);
    }
  });

  it('refuses a duplicate name in the account with 409, on create and on rename', async () => {
    const first = await createDeployment(server);
    const duplicate = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      body: { name: first.name },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(first.name) });
    const second = await createDeployment(server);
    const rename = await updateDeployment(server, second.id, { name: first.name });
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe('CONFLICT');
  });

  it('reads settings, merges partial updates, and deletes', async () => {
    const created = await createDeployment(server, { creationMethod: 'github', deployMode: 'git' });
    const settings = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${created.id}/settings`,
    });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ creationMethod: 'github', deployMode: 'git', region: 'local' });
    const updated = await updateDeployment(server, created.id, {
      deployBranchName: 'production',
      cloudProvider: 'aws',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: created.name,
      creationMethod: 'github',
      deployMode: 'git',
      deployBranchName: 'production',
      cloudProvider: 'aws',
    });
    expect((await updateDeployment(server, created.id, {})).status).toBe(400);
    expect((await updateDeployment(server, created.id, { region: 'mars' })).status).toBe(400);
    expect((await updateDeployment(server, created.id, { deployBranchName: '../etc' })).status).toBe(400);
    const deleted = await server.request({ method: 'DELETE', url: `/api/v1/deployments/${created.id}` });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    const gone = await server.request({ method: 'GET', url: `/api/v1/deployments/${created.id}` });
    expect(gone.status).toBe(404);
    expect((gone.body as ErrorResponseBody).message).toBe(`deployment ${created.id} not found`);
  });

  it('pages the list with a cursor and filters it by creation step', async () => {
    const made = [
      await createDeployment(server),
      await createDeployment(server),
      await createDeployment(server),
    ];
    const advanced = made[1] as DeploymentSettings;
    const advance = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${advanced.id}/creation-step/advance`,
    });
    expect(advance.body).toMatchObject({ creationStep: 'upload' });
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/deployments?first=2${after ? `&after=${after}` : ''}`;
      const page = (await server.request({ method: 'GET', url })).body as DeploymentsPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((left, right) => left - right));
    expect(new Set(seen).size).toBe(seen.length);
    for (const deployment of made) expect(seen).toContain(deployment.id);
    const filtered = (await server.request({ method: 'GET', url: '/api/v1/deployments?creationStep=upload' }))
      .body as DeploymentsPage;
    expect(filtered.items.map((item) => item.id)).toContain(advanced.id);
    expect(filtered.items.every((item) => item.creationStep === 'upload')).toBe(true);
    const ready = (await server.request({ method: 'GET', url: '/api/v1/deployments?creationStep=ready' }))
      .body as DeploymentsPage;
    expect(ready.items.map((item) => item.name)).toContain('demo');
    expect(ready.items.map((item) => item.id)).not.toContain(advanced.id);
    expect(
      (await server.request({ method: 'GET', url: '/api/v1/deployments?creationStep=done' })).status,
    ).toBe(400);
    expect((await server.request({ method: 'GET', url: '/api/v1/deployments?after=garbage' })).status).toBe(
      400,
    );
  });

  it("answers 404 for another account's deployment and never lists it", async () => {
    const mine = await createDeployment(server);
    const other = await createOtherAccount(server);
    for (const [method, url, body] of [
      ['GET', `/api/v1/deployments/${mine.id}`, undefined],
      ['GET', `/api/v1/deployments/${mine.id}/settings`, undefined],
      ['PUT', `/api/v1/deployments/${mine.id}`, { name: 'stolen' }],
      ['DELETE', `/api/v1/deployments/${mine.id}`, undefined],
    ] as const) {
      const response = await server.request({ method, url, key: other.adminKey, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    const list = (await server.request({ method: 'GET', url: '/api/v1/deployments', key: other.adminKey }))
      .body as DeploymentsPage;
    expect(list.items.map((item) => item.id)).not.toContain(mine.id);
    expect((await server.request({ method: 'GET', url: `/api/v1/deployments/${mine.id}` })).status).toBe(200);
  });

  it('lets a viewer read but not manage', async () => {
    const deployment = await createDeployment(server);
    const viewer = await createUserWithKey(server, 'viewer');
    expect(
      (await server.request({ method: 'GET', url: `/api/v1/deployments/${deployment.id}`, key: viewer.key }))
        .status,
    ).toBe(200);
    const manage: Array<{ method: string; url: string; body?: unknown }> = [
      { method: 'POST', url: '/build/api/v1/deployments', body: { name: uniqueDeploymentName() } },
      { method: 'PUT', url: `/api/v1/deployments/${deployment.id}`, body: { name: uniqueDeploymentName() } },
      { method: 'DELETE', url: `/api/v1/deployments/${deployment.id}` },
      {
        method: 'PUT',
        url: `/api/v1/deployments/${deployment.id}/env-vars`,
        body: { env_variables: [{ name: 'A', value: '1' }] },
      },
      { method: 'POST', url: `/api/v1/deployments/${deployment.id}/creation-step/advance` },
      { method: 'POST', url: `/api/v1/deployments/${deployment.id}/creation-step/reset` },
    ];
    for (const request of manage) {
      const response = await server.request({ ...request, key: viewer.key });
      expect(response.status, `${request.method} ${request.url}`).toBe(403);
      expect((response.body as ErrorResponseBody).code).toBe('FORBIDDEN');
    }
  });

  it('keeps a key scoped to deployment A away from deployment B', async () => {
    const allowed = await createDeployment(server);
    const hidden = await createDeployment(server);
    const key = await createScopedKey(server, [allowed.id]);
    const list = (await server.request({ method: 'GET', url: '/api/v1/deployments?first=100', key }))
      .body as DeploymentsPage;
    expect(list.items.map((item) => item.id)).toEqual([allowed.id]);
    expect(
      (await server.request({ method: 'GET', url: `/api/v1/deployments/${allowed.id}`, key })).status,
    ).toBe(200);
    const denied = await server.request({ method: 'GET', url: `/api/v1/deployments/${hidden.id}`, key });
    expect(denied.status).toBe(403);
    expect(
      (await server.request({ method: 'GET', url: `/api/v1/deployments/${hidden.id}/env-vars`, key })).status,
    ).toBe(403);
    const create = await server.request({
      method: 'POST',
      url: '/build/api/v1/deployments',
      key,
      body: { name: uniqueDeploymentName() },
    });
    expect(create.status).toBe(403);
  });

  it('creates the demo deployment on the first start and never duplicates it', async () => {
    const demos = async () =>
      (
        (await server.request({ method: 'GET', url: '/api/v1/deployments?first=100' }))
          .body as DeploymentsPage
      ).items.filter((item) => item.name === 'demo');
    const [demo] = await demos();
    expect(demo).toMatchObject({ name: 'demo', creationStep: 'ready' });
    const settings = await server.request({ method: 'GET', url: `/api/v1/deployments/${demo?.id}/settings` });
    expect(settings.body).toMatchObject({ creationMethod: 'cubecloud', cloudProvider: 'cubecloud' });
    const again = await server.container.bootstrap.run({ writeKeyFile: false });
    expect(again.adminApiKey).toBeNull();
    expect(await demos()).toHaveLength(1);
  });

  it('lets exactly one of several simultaneous starts create the demo of an empty account', async () => {
    const other = await createOtherAccount(server);
    const results = await Promise.all(
      [1, 2, 3].map(() => server.container.services.demoDeployment.ensure(other.accountId)),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    const list = (await server.request({ method: 'GET', url: '/api/v1/deployments', key: other.adminKey }))
      .body as DeploymentsPage;
    expect(list.items.map((item) => item.name)).toEqual(['demo']);
    expect(await server.container.services.demoDeployment.ensure(other.accountId)).toBeNull();
  });
});
