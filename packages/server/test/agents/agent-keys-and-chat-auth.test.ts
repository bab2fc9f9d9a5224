import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createDeployment } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface AgentApiKey {
  id: number;
  name: string;
  tokenPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

describe.each(storeEngines)(
  'agent API keys, chat-auth settings and the chat directory on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let deploymentId: number;
    let agentId: string;
    let keysUrl: string;
    let chatAuthUrl: string;

    beforeAll(async () => {
      server = await startTestServer({ engine });
      deploymentId = await createDeployment(server, 'chat-home');
      const agent = await server.request({
        method: 'POST',
        url: `/api/v1/deployments/${deploymentId}/agents`,
        body: { name: 'Support bot', instructions: 'Be brief.' },
      });
      agentId = (agent.body as { id: string }).id;
      keysUrl = `/api/v1/deployments/${deploymentId}/agents/${agentId}/api-keys`;
      chatAuthUrl = `/api/v1/deployments/${deploymentId}/chat-auth`;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('creates a key shown once, lists it without the key, authenticates it, and deletes it at once', async () => {
      const created = await server.request({ method: 'POST', url: keysUrl, body: { name: 'website' } });
      expect(created.status).toBe(201);
      const { id, name, token } = created.body as { id: number; name: string; token: string };
      expect(name).toBe('website');
      expect(token).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
      // No body at all is accepted too; the key is then named after the agent.
      const unnamed = await server.request({ method: 'POST', url: keysUrl });
      expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(201);
      expect((unnamed.body as { name: string }).name).toBe('Support bot key');

      const listed = await server.request({ method: 'GET', url: keysUrl });
      const items = (listed.body as { items: AgentApiKey[] }).items;
      expect(items.map((item) => item.name)).toEqual(['website', 'Support bot key']);
      expect(items[0]).toMatchObject({ id, tokenPrefix: token.slice(0, 10), lastUsedAt: null });
      expect(JSON.stringify(listed.body)).not.toContain(token);

      const directory = server.container.services.chatAgents;
      const { accountId } = await directory.agentForChat('default', agentId);
      expect(await directory.authenticateAgentKey(token)).toEqual({ agentId, accountId });
      const afterUse = (await server.request({ method: 'GET', url: keysUrl })).body as {
        items: AgentApiKey[];
      };
      expect(afterUse.items[0]?.lastUsedAt).not.toBeNull();
      expect(await directory.authenticateAgentKey(`sk-${'q'.repeat(43)}`)).toBeNull();
      // The management API does not take an agent's key, nor the Chat API a management key.
      expect((await server.request({ method: 'GET', url: '/api/v1/users/me', key: token })).status).toBe(401);
      expect(await directory.authenticateAgentKey(server.adminKey)).toBeNull();

      const deleted = await server.request({ method: 'DELETE', url: `${keysUrl}/${id}` });
      expect(deleted.status).toBe(204);
      expect(await directory.authenticateAgentKey(token)).toBeNull();
      expectErrorBody(await server.request({ method: 'DELETE', url: `${keysUrl}/${id}` }), 'NOT_FOUND');
    });

    it('resolves agents for the chat paths, and NOT_FOUND for anything that does not name one', async () => {
      const directory = server.container.services.chatAgents;
      const agent = await directory.agentForChat('default', agentId);
      expect(agent).toMatchObject({
        id: agentId,
        accountName: 'default',
        deploymentId,
        name: 'Support bot',
        instructions: 'Be brief.',
        model: { provider: null, baseUrl: null, model: null, apiKey: null },
      });
      expect(await directory.defaultAgentForChat('default', String(deploymentId))).toEqual(agent);

      const other = await createOtherAccount(server);
      const otherName = (
        (await server.request({ method: 'GET', url: '/api/v1/users/me', key: other.adminKey })).body as {
          account: { name: string };
        }
      ).account.name;
      const emptyDeploymentId = await createDeployment(server, 'chat-without-agents');
      // Called one at a time: a rejection waiting in an array would be reported as unhandled.
      const refusals: Array<() => Promise<unknown>> = [
        () => directory.agentForChat('no-such-account', agentId),
        () => directory.agentForChat(otherName, agentId),
        () => directory.agentForChat('default', 'not-a-uuid'),
        () => directory.agentForChat('default', '00000000-0000-4000-8000-000000000000'),
        () => directory.defaultAgentForChat('default', 'abc'),
        () => directory.defaultAgentForChat('default', '99999999'),
        () => directory.defaultAgentForChat('default', String(emptyDeploymentId)),
        () => directory.defaultAgentForChat(otherName, String(deploymentId)),
      ];
      for (const refusal of refusals) await expect(refusal()).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const agentRefusal = await directory
        .agentForChat('default', 'not-a-uuid')
        .catch((error: Error) => error);
      expect((agentRefusal as Error).message).toBe('agent not-a-uuid not found');
    });

    it('keeps chat auth off by default, and stores its secret encrypted', async () => {
      expect((await server.request({ method: 'GET', url: chatAuthUrl })).body).toEqual({
        enabled: false,
        secret: null,
        jwksUrl: null,
        customCheckUrl: null,
        issuer: null,
        audience: null,
      });
      const secret = 'hs256-shared-secret-3c9e';
      const enabled = await server.request({
        method: 'PUT',
        url: chatAuthUrl,
        body: { enabled: true, secret, issuer: 'https://auth.example.com/' },
      });
      expect(enabled.status).toBe(200);
      const expected = {
        enabled: true,
        secret: '[ENCRYPTED]',
        jwksUrl: null,
        customCheckUrl: null,
        issuer: 'https://auth.example.com/',
        audience: null,
      };
      expect(enabled.body).toEqual(expected);
      expect((await server.request({ method: 'GET', url: chatAuthUrl })).body).toEqual(expected);
      expect(await server.container.services.chatAgents.chatAuthSettingsOf(deploymentId)).toEqual({
        ...expected,
        secret,
      });

      // A read-modify-write keeps the secret; fields left out keep their value.
      const switched = await server.request({
        method: 'PUT',
        url: chatAuthUrl,
        body: { ...expected, jwksUrl: 'https://auth.example.com/.well-known/jwks.json', audience: 'chat' },
      });
      expect(switched.body).toMatchObject({ secret: '[ENCRYPTED]', audience: 'chat' });
      expect(await server.container.services.chatAgents.chatAuthSettingsOf(deploymentId)).toMatchObject({
        secret,
      });
      const withoutSecret = await server.request({
        method: 'PUT',
        url: chatAuthUrl,
        body: { enabled: true, secret: null },
      });
      expect(withoutSecret.body).toMatchObject({
        enabled: true,
        secret: null,
        jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
      });
      expect(server.logLines.join('\n')).not.toContain(secret);
    });

    it('refuses chat-auth settings that could not check a token, with 400', async () => {
      const otherDeploymentId = await createDeployment(server, 'chat-auth-checks');
      const url = `/api/v1/deployments/${otherDeploymentId}/chat-auth`;
      const cases: Array<[unknown, string]> = [
        [{ enabled: true }, 'secret'],
        [{ enabled: true, jwksUrl: 'ftp://keys.example.com/jwks' }, 'jwksUrl'],
        [{ enabled: true, jwksUrl: 'not a url' }, 'jwksUrl'],
        [{ secret: 'x' }, 'enabled'],
        [{ enabled: false, secret: '[ENCRYPTED]' }, 'secret'],
        [{ enabled: false, algorithm: 'none' }, 'algorithm'],
      ];
      for (const [body, field] of cases) {
        const answer = await server.request({ method: 'PUT', url, body });
        expectErrorBody(answer, 'BAD_REQUEST', JSON.stringify(body));
        expect(JSON.stringify(answer.body)).toContain(field);
      }
      const disabled = await server.request({
        method: 'PUT',
        url,
        body: { enabled: false, audience: 'chat' },
      });
      expect(disabled.body).toMatchObject({ enabled: false, audience: 'chat' });
    });

    it("refuses keys and chat auth of another account (404) and to a viewer's writes (403)", async () => {
      const other = await createOtherAccount(server);
      for (const [method, url] of [
        ['GET', keysUrl],
        ['POST', keysUrl],
        ['GET', chatAuthUrl],
      ] as const) {
        expectErrorBody(
          await server.request({ method, url, key: other.adminKey, body: {} }),
          'NOT_FOUND',
          url,
        );
      }
      const viewer = await createUserWithKey(server, 'viewer');
      expect((await server.request({ method: 'GET', url: keysUrl, key: viewer.key })).status).toBe(200);
      expect((await server.request({ method: 'GET', url: chatAuthUrl, key: viewer.key })).status).toBe(200);
      expectErrorBody(
        await server.request({ method: 'POST', url: keysUrl, key: viewer.key, body: {} }),
        'FORBIDDEN',
      );
      expectErrorBody(
        await server.request({ method: 'PUT', url: chatAuthUrl, key: viewer.key, body: { enabled: false } }),
        'FORBIDDEN',
      );
    });
  },
);
