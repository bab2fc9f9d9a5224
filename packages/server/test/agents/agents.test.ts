import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoAgentService, demoAgentName } from '../../src/modules/agents/demo-agent.service.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createDeployment, findDeploymentId } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface Agent {
  id: string;
  deploymentId: number;
  name: string;
  instructions: string | null;
  model: { provider: string | null; baseUrl: string | null; model: string | null; apiKey: string | null };
  isDefault: boolean;
}

const modelApiKey = 'llm-key-5d1e9b0c-never-in-a-log';

describe.each(storeEngines)('agents of a deployment on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let agentsUrl: string;

  beforeAll(async () => {
    // At trace level everything the server can log is written, so the secret check sees the most.
    server = await startTestServer({ engine, environment: { LOG_LEVEL: 'trace' } });
    deploymentId = await createDeployment(server, 'agents-home');
    agentsUrl = `/api/v1/deployments/${deploymentId}/agents`;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function createAgent(body: Record<string, unknown>): Promise<Agent> {
    const answer = await server.request({ method: 'POST', url: agentsUrl, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Agent;
  }

  async function listAgents(): Promise<Agent[]> {
    const answer = await server.request({ method: 'GET', url: agentsUrl });
    expect(answer.status).toBe(200);
    return (answer.body as { items: Agent[] }).items;
  }

  const defaultNameOf = async () =>
    (await listAgents()).filter((agent) => agent.isDefault).map((a) => a.name);

  it('gives the demo deployment a default agent on the first start, on the server default model', async () => {
    const demoId = await findDeploymentId(server, 'demo');
    const answer = await server.request({ method: 'GET', url: `/api/v1/deployments/${demoId}/agents` });
    expect(answer.body).toMatchObject({
      items: [
        {
          name: demoAgentName,
          isDefault: true,
          deploymentId: demoId,
          model: { provider: null, baseUrl: null, model: null, apiKey: null },
        },
      ],
    });
    // Running the first-start hook again, or starting again, adds nothing.
    const { accountId } = await server.container.services.chatAgents.defaultAgentForChat(
      'default',
      String(demoId),
    );
    expect(
      await new DemoAgentService(server.container.platform.store.database).ensure(accountId, demoId),
    ).toBe(false);
    expect(await server.container.bootstrap.run({ writeKeyFile: false })).toMatchObject({ accountId });
    const afterRestart = await server.request({ method: 'GET', url: `/api/v1/deployments/${demoId}/agents` });
    expect((afterRestart.body as { items: Agent[] }).items).toHaveLength(1);
  });

  it('creates, reads, updates and deletes an agent; the first agent is the default', async () => {
    expect(await listAgents()).toEqual([]);
    const created = await createAgent({
      name: 'Sales analyst',
      instructions: 'Answer in euros.',
      model: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'small' },
    });
    expect(created).toMatchObject({
      deploymentId,
      name: 'Sales analyst',
      instructions: 'Answer in euros.',
      isDefault: true,
      model: {
        provider: 'openai-compatible',
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'small',
        apiKey: null,
      },
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const fetched = await server.request({ method: 'GET', url: `${agentsUrl}/${created.id}` });
    expect(fetched.body).toEqual(created);

    const updated = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${created.id}`,
      body: { name: 'Revenue analyst', model: { model: 'large' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Revenue analyst',
      instructions: 'Answer in euros.',
      model: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'large' },
    });
    const cleared = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${created.id}`,
      body: { instructions: null, model: { provider: null, baseUrl: null } },
    });
    expect(cleared.body).toMatchObject({ instructions: null, model: { provider: null, baseUrl: null } });

    const deleted = await server.request({ method: 'DELETE', url: `${agentsUrl}/${created.id}` });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expectErrorBody(await server.request({ method: 'GET', url: `${agentsUrl}/${created.id}` }), 'NOT_FOUND');
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${agentsUrl}/${created.id}` }),
      'NOT_FOUND',
    );
  });

  it('moves the default with isDefault: true and promotes the oldest agent when the default goes', async () => {
    const first = await createAgent({ name: 'first' });
    const second = await createAgent({ name: 'second' });
    const third = await createAgent({ name: 'third', isDefault: true });
    expect([first.isDefault, second.isDefault, third.isDefault]).toEqual([true, false, true]);
    expect(await defaultNameOf()).toEqual(['third']);

    const moved = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${second.id}`,
      body: { isDefault: true },
    });
    expect(moved.body).toMatchObject({ name: 'second', isDefault: true });
    expect(await defaultNameOf()).toEqual(['second']);

    const unset = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${second.id}`,
      body: { isDefault: false },
    });
    expectErrorBody(unset, 'BAD_REQUEST');
    expect((unset.body as { message: string }).message).toContain('isDefault');

    await server.request({ method: 'DELETE', url: `${agentsUrl}/${second.id}` });
    expect(await defaultNameOf()).toEqual(['first']);
    await server.request({ method: 'DELETE', url: `${agentsUrl}/${third.id}` });
    expect(await defaultNameOf()).toEqual(['first']);
    await server.request({ method: 'DELETE', url: `${agentsUrl}/${first.id}` });
    expect(await listAgents()).toEqual([]);
  });

  it('stores the model key encrypted, reads it back as [ENCRYPTED], and never logs it', async () => {
    const agent = await createAgent({ name: 'keyed', model: { provider: 'anthropic', apiKey: modelApiKey } });
    expect(agent.model.apiKey).toBe('[ENCRYPTED]');
    const read = await server.request({ method: 'GET', url: `${agentsUrl}/${agent.id}` });
    expect(JSON.stringify(read.body)).not.toContain(modelApiKey);
    // Sending back what a read shows keeps the stored key.
    const roundTrip = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${agent.id}`,
      body: { name: 'keyed again', model: (read.body as Agent).model },
    });
    expect(roundTrip.status, JSON.stringify(roundTrip.body)).toBe(200);
    const forChat = await server.container.services.chatAgents.agentForChat('default', agent.id);
    expect(forChat.model).toEqual({ provider: 'anthropic', baseUrl: null, model: null, apiKey: modelApiKey });

    // The column itself holds ciphertext only.
    const rows = await server.container.platform.store.database.execute(
      sql`SELECT model_api_key_encrypted FROM agents WHERE id = ${agent.id}`,
    );
    expect(JSON.stringify(rows)).not.toContain(modelApiKey);

    const removed = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${agent.id}`,
      body: { model: { apiKey: null } },
    });
    expect((removed.body as Agent).model.apiKey).toBeNull();
    const placeholderWithoutKey = await server.request({
      method: 'PUT',
      url: `${agentsUrl}/${agent.id}`,
      body: { model: { apiKey: '[ENCRYPTED]' } },
    });
    expectErrorBody(placeholderWithoutKey, 'BAD_REQUEST');
    expect(server.logLines.join('\n')).not.toContain(modelApiKey);
    await server.request({ method: 'DELETE', url: `${agentsUrl}/${agent.id}` });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', agentsUrl, {}, 'name'],
      ['POST', agentsUrl, { name: 'x', model: { provider: 'gpt' } }, 'provider'],
      ['POST', agentsUrl, { name: 'x', model: { baseUrl: 'ftp://example.com' } }, 'baseUrl'],
      ['POST', agentsUrl, { name: 'x', color: 'red' }, 'color'],
      ['GET', `${agentsUrl}/not-a-uuid`, undefined, 'agentId'],
    ];
    for (const [method, url, body, field] of cases) {
      const answer = await server.request({ method, url, body });
      expectErrorBody(answer, 'BAD_REQUEST', `${method} ${JSON.stringify(body)}`);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const agent = await createAgent({ name: 'to update' });
    expectErrorBody(
      await server.request({ method: 'PUT', url: `${agentsUrl}/${agent.id}`, body: {} }),
      'BAD_REQUEST',
    );
    await server.request({ method: 'DELETE', url: `${agentsUrl}/${agent.id}` });
  });

  it("answers 404 for another account's deployment and agent, and 403 to a viewer's writes", async () => {
    const agent = await createAgent({ name: 'guarded' });
    const other = await createOtherAccount(server);
    for (const [method, url] of [
      ['GET', agentsUrl],
      ['GET', `${agentsUrl}/${agent.id}`],
      ['DELETE', `${agentsUrl}/${agent.id}`],
    ] as const) {
      expectErrorBody(await server.request({ method, url, key: other.adminKey }), 'NOT_FOUND', url);
    }
    // An agent id under another deployment of the same account is not found either.
    const demoId = await findDeploymentId(server, 'demo');
    expectErrorBody(
      await server.request({ method: 'GET', url: `/api/v1/deployments/${demoId}/agents/${agent.id}` }),
      'NOT_FOUND',
    );
    const viewer = await createUserWithKey(server, 'viewer');
    expect((await server.request({ method: 'GET', url: agentsUrl, key: viewer.key })).status).toBe(200);
    expectErrorBody(
      await server.request({ method: 'POST', url: agentsUrl, body: { name: 'nope' }, key: viewer.key }),
      'FORBIDDEN',
    );
    expectErrorBody(
      await server.request({ method: 'DELETE', url: `${agentsUrl}/${agent.id}`, key: viewer.key }),
      'FORBIDDEN',
    );
    await server.request({ method: 'DELETE', url: `${agentsUrl}/${agent.id}` });
  });

  it('deletes the agents, their keys and the chat-auth settings with their deployment', async () => {
    const doomedId = await createDeployment(server, 'agents-doomed');
    const url = `/api/v1/deployments/${doomedId}/agents`;
    const agent = (await server.request({ method: 'POST', url, body: { name: 'doomed' } })).body as Agent;
    const key = await server.request({ method: 'POST', url: `${url}/${agent.id}/api-keys`, body: {} });
    const token = (key.body as { token: string }).token;
    await server.request({
      method: 'PUT',
      url: `/api/v1/deployments/${doomedId}/chat-auth`,
      body: { enabled: true, secret: 'shared-secret' },
    });
    expect(await server.container.services.chatAgents.authenticateAgentKey(token)).not.toBeNull();
    expect((await server.request({ method: 'DELETE', url: `/api/v1/deployments/${doomedId}` })).status).toBe(
      200,
    );
    expect(await server.container.services.chatAgents.authenticateAgentKey(token)).toBeNull();
    await expect(
      server.container.services.chatAgents.agentForChat('default', agent.id),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await server.container.services.chatAgents.chatAuthSettingsOf(doomedId)).toMatchObject({
      enabled: false,
      secret: null,
    });
  });
});
