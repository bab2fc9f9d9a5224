import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SigningKeysService } from '../../src/modules/workload-identity/signing-keys.service.js';
import { oidcSigningKeysTable } from '../../src/modules/workload-identity/workload-identity.tables.js';
import { createDeployment, findDeploymentId } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

interface Config {
  id: number;
  name: string;
  audience: string;
  targetEnvVar: string;
  deploymentIds: number[] | null;
  isEnabled: boolean;
  lifetimeSeconds: number;
}

let server: TestServer;
let demoId: number;
let otherDeploymentId: number;
const base = '/api/v1/oidc-token-configs';

async function create(body: Record<string, unknown>) {
  return server.request({ method: 'POST', url: base, body }) as Promise<{ status: number; body: Config }>;
}

async function verifyWorkloadToken(token: string, audience: string) {
  const jwks = await server.request({ method: 'GET', url: '/.well-known/jwks.json', key: null });
  return jwtVerify(token, createLocalJWKSet(jwks.body as JSONWebKeySet), {
    issuer: server.config.publicUrl,
    audience,
  });
}

function variablesOf(deploymentId: number) {
  return server.container.services.envVarsReader.valuesOf(deploymentId);
}

beforeAll(async () => {
  server = await startTestServer();
  demoId = await findDeploymentId(server, 'demo');
  otherDeploymentId = await createDeployment(server, 'oidc-other');
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await server?.close();
});

describe('the signing key', () => {
  it('is made once when several processes need the first one at the same time', async () => {
    const { store, secretBox, changeFeed } = server.container.platform;
    // One SigningKeysService per process, sharing the store, as several processes do.
    const processes = Array.from(
      { length: 4 },
      () => new SigningKeysService(store.database, secretBox, changeFeed),
    );
    const keys = await Promise.all(processes.map((keysOfProcess) => keysOfProcess.signingKey()));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    const rows = await store.database.select().from(oidcSigningKeysTable);
    expect(rows.map((row) => row.kid)).toEqual([keys[0]?.kid]);
    expect(rows[0]?.privateJwkEncrypted).toMatch(/^v1:/);
  });
});

describe('OIDC token configurations', () => {
  it('are created, read, listed, changed and deleted by an admin', async () => {
    const created = await create({
      name: 'snowflake',
      audience: 'snowflake',
      targetEnvVar: 'SNOWFLAKE_TOKEN',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'snowflake',
      audience: 'snowflake',
      targetEnvVar: 'SNOWFLAKE_TOKEN',
      deploymentIds: null,
      isEnabled: true,
      lifetimeSeconds: 3600,
    });
    const { id } = created.body;
    expect((await server.request({ method: 'GET', url: `${base}/${id}` })).body).toEqual(created.body);
    const list = await server.request({ method: 'GET', url: `${base}/` });
    expect((list.body as { items: Config[] }).items.map((item) => item.id)).toContain(id);
    const updated = await server.request({
      method: 'PUT',
      url: `${base}/${id}`,
      body: { isEnabled: false, lifetimeSeconds: 900, deploymentIds: [otherDeploymentId, otherDeploymentId] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'snowflake',
      isEnabled: false,
      lifetimeSeconds: 900,
      deploymentIds: [otherDeploymentId],
    });
    expect((await server.request({ method: 'DELETE', url: `${base}/${id}` })).body).toEqual({
      success: true,
    });
    expect((await server.request({ method: 'GET', url: `${base}/${id}` })).status).toBe(404);
  });

  it.each([
    [{ name: 'x', audience: 'a', targetEnvVar: 'not a name' }, 'targetEnvVar'],
    [{ name: 'x', audience: 'a', targetEnvVar: 'PLATFORM_DB_URL' }, 'targetEnvVar'],
    [{ name: 'x', audience: '  ', targetEnvVar: 'TOKEN_A' }, 'audience'],
    [{ name: 'x', audience: 'a', targetEnvVar: 'TOKEN_A', lifetimeSeconds: 299 }, 'lifetimeSeconds'],
    [{ name: 'x', audience: 'a', targetEnvVar: 'TOKEN_A', lifetimeSeconds: 3601 }, 'lifetimeSeconds'],
    [{ name: 'x', audience: 'a', targetEnvVar: 'TOKEN_A', deploymentIds: [999_999] }, 'deploymentIds'],
    [{ name: 'x', audience: 'a' }, 'targetEnvVar'],
  ])('refuses %j with a 400 naming %s, storing nothing', async (body, field) => {
    const before = await server.request({ method: 'GET', url: base });
    const refused = await create(body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(field);
    const after = await server.request({ method: 'GET', url: base });
    expect(after.body).toEqual(before.body);
  });

  it('lets a token fill the PostgreSQL password, the one platform variable it may', async () => {
    const created = await create({
      name: 'pg',
      audience: 'pg',
      targetEnvVar: 'PLATFORM_DB_PASSWORD',
      deploymentIds: [otherDeploymentId],
    });
    expect(created.status).toBe(201);
    await server.request({ method: 'DELETE', url: `${base}/${created.body.id}` });
  });

  it('refuses a second enabled configuration filling the same variable of a deployment (409)', async () => {
    const first = await create({
      name: 'one',
      audience: 'a',
      targetEnvVar: 'SHARED_TOKEN',
      deploymentIds: [demoId],
    });
    expect(first.status).toBe(201);
    const clash = await create({ name: 'two', audience: 'b', targetEnvVar: 'SHARED_TOKEN' });
    expect(clash.status).toBe(409);
    expect((clash.body as unknown as { message: string }).message).toContain(`deployment ${demoId}`);
    const elsewhere = await create({
      name: 'three',
      audience: 'b',
      targetEnvVar: 'SHARED_TOKEN',
      deploymentIds: [otherDeploymentId],
    });
    expect(elsewhere.status).toBe(201);
    const disabled = await create({
      name: 'four',
      audience: 'b',
      targetEnvVar: 'SHARED_TOKEN',
      isEnabled: false,
    });
    expect(disabled.status).toBe(201);
    const enabling = await server.request({
      method: 'PUT',
      url: `${base}/${disabled.body.id}`,
      body: { isEnabled: true },
    });
    expect(enabling.status).toBe(409);
    for (const config of [first, elsewhere, disabled]) {
      await server.request({ method: 'DELETE', url: `${base}/${config.body.id}` });
    }
  });

  it('needs an admin (SecretsManage); another account sees none of them', async () => {
    const created = await create({ name: 'private', audience: 'a', targetEnvVar: 'PRIVATE_TOKEN' });
    const developer = await createUserWithKey(server, 'developer');
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/${created.body.id}`],
      ['DELETE', `${base}/${created.body.id}`],
    ] as const) {
      expect((await server.request({ method, url, key: developer.key })).status).toBe(403);
    }
    const developerToken = await server.request({
      method: 'POST',
      url: `${base}/${created.body.id}/token`,
      body: { deploymentId: demoId },
      key: developer.key,
    });
    expect(developerToken.status).toBe(403);
    const other = await createOtherAccount(server);
    const foreign = await server.request({
      method: 'GET',
      url: `${base}/${created.body.id}`,
      key: other.adminKey,
    });
    expect(foreign.status).toBe(404);
    const foreignList = await server.request({ method: 'GET', url: base, key: other.adminKey });
    expect((foreignList.body as { items: Config[] }).items).toEqual([]);
    await server.request({ method: 'DELETE', url: `${base}/${created.body.id}` });
  });

  it('lets a key limited to some deployments write only configurations within them', async () => {
    const scoped = await server.request({
      method: 'POST',
      url: '/api/v1/api-keys',
      body: { name: 'scoped', deploymentIds: [otherDeploymentId] },
    });
    const key = (scoped.body as { token: string }).token;
    const everywhere = await server.request({
      method: 'POST',
      url: base,
      key,
      body: { name: 'wide', audience: 'a', targetEnvVar: 'WIDE_TOKEN' },
    });
    expect(everywhere.status).toBe(403);
    const within = await server.request({
      method: 'POST',
      url: base,
      key,
      body: {
        name: 'narrow',
        audience: 'a',
        targetEnvVar: 'NARROW_TOKEN',
        deploymentIds: [otherDeploymentId],
      },
    });
    expect(within.status).toBe(201);
    const widening = await server.request({
      method: 'PUT',
      url: `${base}/${(within.body as Config).id}`,
      key,
      body: { deploymentIds: null },
    });
    expect(widening.status).toBe(403);
    const denied = await server.request({
      method: 'POST',
      url: `${base}/${(within.body as Config).id}/token`,
      key,
      body: { deploymentId: demoId },
    });
    expect(denied.status).toBe(403);
    await server.request({ method: 'DELETE', url: `${base}/${(within.body as Config).id}` });
  });

  it('mints test tokens only for an enabled configuration covering the deployment', async () => {
    const created = await create({
      name: 'narrow',
      audience: 'narrow',
      targetEnvVar: 'NARROW_TOKEN',
      deploymentIds: [otherDeploymentId],
      lifetimeSeconds: 600,
    });
    const url = `${base}/${created.body.id}/token`;
    const uncovered = await server.request({ method: 'POST', url, body: { deploymentId: demoId } });
    expect(uncovered.status).toBe(400);
    const minted = await server.request({ method: 'POST', url, body: { deploymentId: otherDeploymentId } });
    expect(minted.status).toBe(200);
    const { payload } = await verifyWorkloadToken((minted.body as { token: string }).token, 'narrow');
    expect(payload.sub).toBe(`deployment:${otherDeploymentId}`);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
    await server.request({ method: 'PUT', url: `${base}/${created.body.id}`, body: { isEnabled: false } });
    expect(
      (await server.request({ method: 'POST', url, body: { deploymentId: otherDeploymentId } })).status,
    ).toBe(409);
    expect(
      (await server.request({ method: 'POST', url: `${base}/999999/token`, body: { deploymentId: demoId } }))
        .status,
    ).toBe(404);
    await server.request({ method: 'DELETE', url: `${base}/${created.body.id}` });
  });
});

describe("a deployment's warehouse connection", () => {
  it('sees a valid token in targetEnvVar for every enabled configuration covering it, renewed before expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${demoId}/env-vars`,
      body: { env_variables: [{ name: 'WAREHOUSE_ROLE', value: 'analyst' }] },
    });
    const covering = await create({
      name: 'warehouse',
      audience: 'warehouse.example.com',
      targetEnvVar: 'WAREHOUSE_TOKEN',
      lifetimeSeconds: 300,
    });
    const elsewhere = await create({
      name: 'elsewhere',
      audience: 'elsewhere',
      targetEnvVar: 'ELSEWHERE_TOKEN',
      deploymentIds: [otherDeploymentId],
    });

    const first = await variablesOf(demoId);
    expect(first.WAREHOUSE_ROLE).toBe('analyst');
    expect(first.PLATFORM_DB_TYPE).toBe('duckdb');
    expect(first).not.toHaveProperty('ELSEWHERE_TOKEN');
    const token = first.WAREHOUSE_TOKEN ?? '';
    const { payload } = await verifyWorkloadToken(token, 'warehouse.example.com');
    expect(payload.sub).toBe(`deployment:${demoId}`);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
    expect((await variablesOf(otherDeploymentId)).ELSEWHERE_TOKEN).toEqual(expect.any(String));

    // Until 80% of its lifetime the same variables (the same record: nothing derived is resolved again).
    vi.setSystemTime(Date.now() + 200_000);
    expect(await variablesOf(demoId)).toBe(first);
    // Then a new token, valid for its whole lifetime again.
    vi.setSystemTime(Date.now() + 41_000);
    const renewed = await variablesOf(demoId);
    expect(renewed.WAREHOUSE_TOKEN).not.toBe(token);
    expect(renewed.WAREHOUSE_ROLE).toBe('analyst');
    const renewedClaims = (await verifyWorkloadToken(renewed.WAREHOUSE_TOKEN ?? '', 'warehouse.example.com'))
      .payload;
    expect(renewedClaims.iat).toBeGreaterThanOrEqual((payload.iat ?? 0) + 241);

    // A disabled configuration stops at once; a deleted one too.
    await server.request({ method: 'PUT', url: `${base}/${covering.body.id}`, body: { isEnabled: false } });
    expect(await variablesOf(demoId)).not.toHaveProperty('WAREHOUSE_TOKEN');
    await server.request({ method: 'DELETE', url: `${base}/${elsewhere.body.id}` });
    expect(await variablesOf(otherDeploymentId)).not.toHaveProperty('ELSEWHERE_TOKEN');
    await server.request({ method: 'DELETE', url: `${base}/${covering.body.id}` });
  });

  it('hands a PostgreSQL warehouse the token as its password when targetEnvVar is PLATFORM_DB_PASSWORD', async () => {
    await server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${otherDeploymentId}/env-vars`,
      body: {
        env_variables: [
          { name: 'PLATFORM_DB_TYPE', value: 'postgres' },
          { name: 'PLATFORM_DB_HOST', value: '127.0.0.1' },
          { name: 'PLATFORM_DB_NAME', value: 'warehouse' },
          { name: 'PLATFORM_DB_USER', value: 'workload' },
        ],
      },
    });
    const config = await create({
      name: 'pg',
      audience: 'postgres',
      targetEnvVar: 'PLATFORM_DB_PASSWORD',
      deploymentIds: [otherDeploymentId],
    });
    const accountId = (await server.container.services.deploymentAccess.loadForSystem(otherDeploymentId))
      ?.accountId;
    const settings = await server.container.services.warehouses.settingsOf({
      id: otherDeploymentId,
      accountId: accountId ?? 0,
    });
    if (settings.dialect !== 'postgres' || !('password' in settings.connection))
      throw new Error('not postgres');
    const { payload } = await verifyWorkloadToken(settings.connection.password ?? '', 'postgres');
    expect(payload.sub).toBe(`deployment:${otherDeploymentId}`);
    await server.request({ method: 'DELETE', url: `${base}/${config.body.id}` });
  });
});
