import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsTable, deploymentChatAuthTable } from '../../src/modules/agents/agents.tables.js';
import { gitRemotesTable } from '../../src/modules/data-model/data-model.tables.js';
import { dbtRepositoriesTable } from '../../src/modules/dbt-sync/dbt-sync.tables.js';
import { type ChatTestServer, createAgentKey, startChatTestServer } from '../chat-api/chat-test-server.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { deployModel, loadUrl, shopModel } from '../semantic-api/semantic-api-helpers.js';
import { createUserWithKey, type StoreEngine, storeEngines } from '../support/test-server.js';
import { createDeployment } from './account-resources.js';

/** Every secret this suite puts in a URL; none may come back out, but to a reveal by an admin. */
const secrets = {
  warehouse: 'wh-pass-4c1e9a77',
  agent: 'llm-pass-9b2f01de',
  git: 'ghp_git0token7d3e55',
  dbt: 'dbt-pass-52aa3c1f',
  jwks: 'jwks-pass-6e0d2b94',
};

function expectNoSecret(value: unknown, where: string) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const [name, secret] of Object.entries(secrets)) {
    expect(text, `${where} shows the ${name} secret`).not.toContain(secret);
  }
}

describe.each(storeEngines)('the credentials inside URLs on %s', (engine: StoreEngine) => {
  let chat: ChatTestServer;
  let deploymentId: number;
  let viewerKey: string;
  let developerKey: string;
  const warehouseUrl = `postgres://app:${secrets.warehouse}@127.0.0.1:1/shop`;

  beforeAll(async () => {
    // At trace level everything the server can log is written, so the log check sees the most.
    chat = await startChatTestServer(engine, { LOG_LEVEL: 'trace' });
    deploymentId = await createDeployment(chat.server, 'url-credentials');
    viewerKey = (await createUserWithKey(chat.server, 'viewer')).key;
    developerKey = (await createUserWithKey(chat.server, 'developer')).key;
  });
  afterAll(async () => {
    await chat?.close();
  });

  const envVarsUrl = () => `/api/v1/deployments/${deploymentId}/env-vars`;

  async function envValue(key: string | undefined, reveal = false) {
    const answer = await chat.server.request({
      method: 'GET',
      url: `${envVarsUrl()}${reveal ? '?reveal=true' : ''}`,
      ...(key === undefined ? {} : { key }),
    });
    expect(answer.status).toBe(200);
    const items = (answer.body as { items: Array<{ name: string; value: string }> }).items;
    return items.find((item) => item.name === 'PLATFORM_DB_URL')?.value;
  }

  it('shows a warehouse URL in an environment variable masked, but to an admin who reveals it', async () => {
    const written = await chat.server.request({
      method: 'PUT',
      url: envVarsUrl(),
      body: {
        env_variables: [
          { name: 'PLATFORM_DB_TYPE', value: 'postgres' },
          { name: 'PLATFORM_DB_URL', value: warehouseUrl },
        ],
      },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expectNoSecret(written.body, 'the PUT answer');
    for (const key of [viewerKey, developerKey, undefined]) {
      expect(await envValue(key)).toBe('postgres://app:[ENCRYPTED]@127.0.0.1:1/shop');
    }
    expect(await envValue(undefined, true)).toBe(warehouseUrl);
  });

  it('refuses the masked URL written back, and keeps the stored one', async () => {
    const answer = await chat.server.request({
      method: 'PUT',
      url: envVarsUrl(),
      body: {
        env_variables: [{ name: 'PLATFORM_DB_URL', value: 'postgres://app:[ENCRYPTED]@127.0.0.1:1/shop' }],
      },
    });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect((answer.body as { message: string }).message).toMatch(/PLATFORM_DB_URL.*\[ENCRYPTED\]/);
    expect(await envValue(undefined, true)).toBe(warehouseUrl);
  });

  it('answers a failed warehouse connection without the password', async () => {
    await deployModel(chat.server, deploymentId, shopModel());
    await chat.server.request({
      method: 'PUT',
      url: envVarsUrl(),
      body: {
        env_variables: [
          { name: 'PLATFORM_DB_TYPE', value: 'postgres' },
          { name: 'PLATFORM_DB_URL', value: warehouseUrl },
        ],
      },
    });
    const answer = await chat.server.request({
      method: 'GET',
      url: loadUrl(deploymentId, { measures: ['orders.count'] }),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expectNoSecret(answer.body, 'the data API error');
    // A DuckDB type given a URL: the file path it makes of it is quoted in the error.
    await chat.server.request({
      method: 'PUT',
      url: envVarsUrl(),
      body: { env_variables: [{ name: 'PLATFORM_DB_TYPE', value: 'duckdb' }] },
    });
    const duckdb = await chat.server.request({
      method: 'GET',
      url: loadUrl(deploymentId, { measures: ['orders.count'] }),
    });
    expect(duckdb.status).toBeGreaterThanOrEqual(400);
    expectNoSecret(duckdb.body, 'the DuckDB error');
  });

  it("stores an agent's base URL without its password, shows it masked and keeps it on write-back", async () => {
    const baseUrl = `http://bot:${secrets.agent}@127.0.0.1:9/v1`;
    const created = await chat.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${chat.demoDeploymentId}/agents`,
      body: { name: 'unreachable', model: { provider: 'openai-compatible', baseUrl, model: 'm' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectNoSecret(created.body, 'the created agent');
    const agentId = (created.body as { id: string }).id;
    const agentUrl = `/api/v1/deployments/${chat.demoDeploymentId}/agents/${agentId}`;
    const read = await chat.server.request({ method: 'GET', url: agentUrl, key: viewerKey });
    expect((read.body as { model: { baseUrl: string } }).model.baseUrl).toBe(
      'http://bot:[ENCRYPTED]@127.0.0.1:9/v1',
    );
    const [row] = await chat.server.container.platform.store.database
      .select()
      .from(agentsTable)
      .where(eq(agentsTable.id, agentId));
    expect(row?.modelBaseUrl).toBe('http://bot:[ENCRYPTED]@127.0.0.1:9/v1');
    expectNoSecret(row, 'the stored agent');

    const model = (read.body as { model: Record<string, unknown> }).model;
    const kept = await chat.server.request({ method: 'PUT', url: agentUrl, body: { model } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const moved = await chat.server.request({
      method: 'PUT',
      url: agentUrl,
      body: { model: { ...model, baseUrl: 'http://bot:[ENCRYPTED]@elsewhere.example.com/v1' } },
    });
    expectErrorBody(moved, 'BAD_REQUEST');

    // The kept password still reaches the model: the stream fails on the unreachable port, and says so
    // without it.
    const agentKey = await createAgentKey(chat.server, chat.demoDeploymentId, agentId);
    const answer = await chat.post(
      chat.agentUrl(agentId, 'stream-chat-state'),
      {
        input: 'How many orders?',
        messageId: `${Date.now()}-message`,
        sessionSettings: { externalId: 'u1' },
      },
      { authorization: `Api-Key ${agentKey}` },
    );
    expect(answer.status, answer.text).toBe(200);
    const errorLine = answer.lines.find((line) => 'error' in line);
    expect(errorLine?.error, answer.text).toMatch(/127\.0\.0\.1:9/);
    expect(errorLine?.error).toContain('bot:[REDACTED]@');
    expectNoSecret(answer.text, 'the chat stream');
  }, 60_000);

  it('stores a git remote and a dbt repository without the password, and shows them masked', async () => {
    const base = `/build/api/v1/deployments/${deploymentId}`;
    const connected = await chat.server.request({
      method: 'POST',
      url: `${base}/github/connect`,
      body: { repositoryUrl: `https://${secrets.git}@git.invalid/acme/model.git`, branch: 'main' },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect((connected.body as { repositoryUrl: string }).repositoryUrl).toBe(
      'https://[ENCRYPTED]@git.invalid/acme/model.git',
    );
    const pulled = await chat.server.request({ method: 'POST', url: `${base}/pull`, body: {} });
    expect(pulled.status).toBeGreaterThanOrEqual(400);
    expectNoSecret(pulled.body, 'the failed pull');

    const dbtUrl = `/api/v1/deployments/${deploymentId}/dbt-repository`;
    const dbt = await chat.server.request({
      method: 'PUT',
      url: dbtUrl,
      body: { repositoryUrl: `https://ci:${secrets.dbt}@git.invalid/acme/dbt.git` },
    });
    expect(dbt.status, JSON.stringify(dbt.body)).toBe(200);
    const shown = await chat.server.request({ method: 'GET', url: dbtUrl, key: viewerKey });
    expect((shown.body as { repositoryUrl: string }).repositoryUrl).toBe(
      'https://ci:[ENCRYPTED]@git.invalid/acme/dbt.git',
    );
    const again = await chat.server.request({
      method: 'PUT',
      url: dbtUrl,
      body: { repositoryUrl: 'https://ci:[ENCRYPTED]@git.invalid/acme/dbt.git', branch: 'develop' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const connection = await chat.server.container.services.dbtRepositories.connectionOf(deploymentId);
    expect(connection?.remote.url).toBe(`https://ci:${secrets.dbt}@git.invalid/acme/dbt.git`);

    const database = chat.server.container.platform.store.database;
    const remotes = await database
      .select()
      .from(gitRemotesTable)
      .where(eq(gitRemotesTable.deploymentId, deploymentId));
    const repositories = await database
      .select()
      .from(dbtRepositoriesTable)
      .where(eq(dbtRepositoriesTable.deploymentId, deploymentId));
    expect(remotes).toHaveLength(1);
    expect(repositories).toHaveLength(1);
    expectNoSecret([remotes, repositories], 'the stored remotes');
  });

  it('stores a chat-auth JWKS URL without its password and shows it masked', async () => {
    const url = `/api/v1/deployments/${deploymentId}/chat-auth`;
    const jwksUrl = `https://jwks:${secrets.jwks}@idp.example.com/.well-known/jwks.json`;
    const written = await chat.server.request({ method: 'PUT', url, body: { enabled: true, jwksUrl } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const shown = await chat.server.request({ method: 'GET', url, key: viewerKey });
    expect((shown.body as { jwksUrl: string }).jwksUrl).toBe(
      'https://jwks:[ENCRYPTED]@idp.example.com/.well-known/jwks.json',
    );
    const rows = await chat.server.container.platform.store.database
      .select()
      .from(deploymentChatAuthTable)
      .where(eq(deploymentChatAuthTable.deploymentId, deploymentId));
    expect(rows).toHaveLength(1);
    expectNoSecret(rows, 'the stored chat-auth settings');
    const settings = await chat.server.container.services.chatAuthSettings.settingsOf(deploymentId);
    expect(settings.jwksUrl).toBe(jwksUrl);
  });

  it('never wrote a password to the log', () => {
    expect(chat.server.logLines.length).toBeGreaterThan(0);
    expectNoSecret(chat.server.logLines.join(''), 'the log');
  });
});
