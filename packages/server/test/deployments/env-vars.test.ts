import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentEnvVarsTable } from '../../src/modules/deployments/deployments.tables.js';
import { isSecretEnvVarName } from '../../src/modules/deployments/env-vars.service.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { createDeployment, type ErrorResponseBody, readAllLogs } from './deployment-helpers.js';

interface EnvVarsBody {
  items: Array<{ name: string; value: string; isSecret: boolean }>;
}

const secretValue = 'hunter2-correct-horse-battery';
const plainValue = 'warehouse.internal.example';

describe('secret variable names', () => {
  it('are the names containing PASS, SECRET, TOKEN, KEY or CREDENTIAL in any case', () => {
    for (const name of [
      'DB_PASSWORD',
      'client_secret',
      'GithubToken',
      'API_KEY',
      'gcp_credentials',
      'passphrase',
    ]) {
      expect(isSecretEnvVarName(name), name).toBe(true);
    }
    for (const name of ['DB_HOST', 'PLATFORM_DB_URL', 'PORT', 'USER']) {
      expect(isSecretEnvVarName(name), name).toBe(false);
    }
  });
});

describe.each(storeEngines)('environment variables on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let developerKey: string;
  let viewerKey: string;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    developerKey = (await createUserWithKey(server, 'developer')).key;
    viewerKey = (await createUserWithKey(server, 'viewer')).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  const put = async (
    deploymentId: number,
    variables: Array<{ name: string; value: string | null }>,
    key?: string,
  ) => {
    const response = await server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${deploymentId}/env-vars`,
      body: { env_variables: variables },
      ...(key ? { key } : {}),
    });
    return { status: response.status, body: response.body as EnvVarsBody & ErrorResponseBody };
  };
  const get = async (deploymentId: number, query = '', key?: string) => {
    const response = await server.request({
      method: 'GET',
      url: `/api/v1/deployments/${deploymentId}/env-vars${query}`,
      ...(key ? { key } : {}),
    });
    return { status: response.status, body: response.body as EnvVarsBody & ErrorResponseBody };
  };
  const storedRows = (deploymentId: number) =>
    server.container.platform.store.database
      .select()
      .from(deploymentEnvVarsTable)
      .where(eq(deploymentEnvVarsTable.deploymentId, deploymentId));

  it('encrypts every value at rest and reads secrets back as [ENCRYPTED]', async () => {
    const deployment = await createDeployment(server);
    const set = await put(deployment.id, [
      { name: 'DB_HOST', value: plainValue },
      { name: 'DB_PASSWORD', value: secretValue },
    ]);
    expect(set.status).toBe(200);
    const expected = [
      { name: 'DB_HOST', value: plainValue, isSecret: false },
      { name: 'DB_PASSWORD', value: '[ENCRYPTED]', isSecret: true },
    ];
    expect(set.body.items).toEqual(expected);
    expect((await get(deployment.id)).body.items).toEqual(expected);
    const rows = await storedRows(deployment.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.valueEncrypted).toMatch(/^v1:/);
      expect(row.valueEncrypted).not.toContain(secretValue);
      expect(row.valueEncrypted).not.toContain(plainValue);
    }
  });

  it('reveals secrets only to SecretsManage', async () => {
    const deployment = await createDeployment(server);
    await put(deployment.id, [{ name: 'API_TOKEN', value: secretValue }]);
    const revealed = await get(deployment.id, '?reveal=true');
    expect(revealed.status).toBe(200);
    expect(revealed.body.items).toEqual([{ name: 'API_TOKEN', value: secretValue, isSecret: true }]);
    const developer = await get(deployment.id, '?reveal=true', developerKey);
    expect(developer.status).toBe(403);
    expect(developer.body.message).toMatch(/SecretsManage/);
    const viewer = await get(deployment.id, '', viewerKey);
    expect(viewer.status).toBe(200);
    expect(viewer.body.items).toEqual([{ name: 'API_TOKEN', value: '[ENCRYPTED]', isSecret: true }]);
    expect((await get(deployment.id, '?reveal=false', developerKey)).status).toBe(200);
    expect((await get(deployment.id, '?reveal=maybe')).status).toBe(400);
  });

  it('lets a developer set plain variables but not set or remove secret ones', async () => {
    const deployment = await createDeployment(server);
    await put(deployment.id, [{ name: 'CLIENT_SECRET', value: secretValue }]);
    const plain = await put(deployment.id, [{ name: 'REGION', value: 'eu' }], developerKey);
    expect(plain.status).toBe(200);
    const setSecret = await put(deployment.id, [{ name: 'ANOTHER_SECRET', value: 'x' }], developerKey);
    expect(setSecret.status).toBe(403);
    expect(setSecret.body.message).toMatch(/SecretsManage/);
    const removeSecret = await put(deployment.id, [{ name: 'CLIENT_SECRET', value: null }], developerKey);
    expect(removeSecret.status).toBe(403);
    expect((await get(deployment.id)).body.items.map((item) => item.name)).toEqual([
      'CLIENT_SECRET',
      'REGION',
    ]);
  });

  it('refuses the [ENCRYPTED] placeholder as a value', async () => {
    const deployment = await createDeployment(server);
    await put(deployment.id, [{ name: 'DB_PASSWORD', value: secretValue }]);
    const echo = await put(deployment.id, [{ name: 'DB_PASSWORD', value: '[ENCRYPTED]' }]);
    expect(echo.status).toBe(400);
    expect(echo.body.message).toMatch(/DB_PASSWORD.*\[ENCRYPTED\]/);
    expect((await get(deployment.id, '?reveal=true')).body.items).toEqual([
      { name: 'DB_PASSWORD', value: secretValue, isSecret: true },
    ]);
  });

  it('applies a PUT all together or not at all', async () => {
    const deployment = await createDeployment(server);
    await put(deployment.id, [
      { name: 'DB_HOST', value: 'old-host' },
      { name: 'DB_USER', value: 'reader' },
    ]);
    const before = (await get(deployment.id)).body.items;
    const refused = await put(deployment.id, [
      { name: 'DB_HOST', value: 'new-host' },
      { name: 'DB_USER', value: null },
      { name: 'NEW_VARIABLE', value: 'x' },
      { name: 'DB_PASSWORD', value: '[ENCRYPTED]' },
    ]);
    expect(refused.status).toBe(400);
    expect((await get(deployment.id)).body.items).toEqual(before);
    const byDeveloper = await put(
      deployment.id,
      [
        { name: 'DB_HOST', value: 'new-host' },
        { name: 'DB_TOKEN', value: 'x' },
      ],
      developerKey,
    );
    expect(byDeveloper.status).toBe(403);
    expect((await get(deployment.id)).body.items).toEqual(before);
    const twice = await put(deployment.id, [
      { name: 'DB_HOST', value: 'a' },
      { name: 'DB_HOST', value: 'b' },
    ]);
    expect(twice.status).toBe(400);
    expect((await get(deployment.id)).body.items).toEqual(before);
  });

  it('upserts, removes with null, and validates names', async () => {
    const deployment = await createDeployment(server);
    await put(deployment.id, [{ name: 'PLATFORM_DB_TYPE', value: 'duckdb' }]);
    const changed = await put(deployment.id, [
      { name: 'PLATFORM_DB_TYPE', value: 'postgres' },
      { name: 'PLATFORM_DB_URL', value: 'postgres://localhost/warehouse' },
    ]);
    expect(changed.body.items).toEqual([
      { name: 'PLATFORM_DB_TYPE', value: 'postgres', isSecret: false },
      { name: 'PLATFORM_DB_URL', value: 'postgres://localhost/warehouse', isSecret: false },
    ]);
    const removed = await put(deployment.id, [
      { name: 'PLATFORM_DB_URL', value: null },
      { name: 'NEVER_SET', value: null },
    ]);
    expect(removed.body.items.map((item) => item.name)).toEqual(['PLATFORM_DB_TYPE']);
    const badName = await put(deployment.id, [{ name: '1BAD-NAME', value: 'x' }]);
    expect(badName.status).toBe(400);
    expect(badName.body.message).toMatch(/env_variables\.0\.name/);
    const empty = await server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${deployment.id}/env-vars`,
      body: { env_variables: [] },
    });
    expect(empty.status).toBe(400);
  });

  it('logs the names of changed variables, never their values', async () => {
    const deployment = await createDeployment(server);
    await put(deployment.id, [
      { name: 'DB_HOST', value: plainValue },
      { name: 'DB_PASSWORD', value: secretValue },
    ]);
    await put(deployment.id, [{ name: 'DB_HOST', value: null }]);
    await get(deployment.id, '?reveal=true');
    const messages = (await readAllLogs(server, deployment.id)).map((entry) => entry.message);
    expect(messages).toContain('environment variables changed: set DB_HOST, DB_PASSWORD');
    expect(messages).toContain('environment variables changed: removed DB_HOST');
    const everything = `${JSON.stringify(messages)}\n${server.logLines.join('')}`;
    expect(everything).not.toContain(secretValue);
    expect(everything).not.toContain(plainValue);
  });
});
