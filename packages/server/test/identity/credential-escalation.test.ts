import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createAdminApiKey, createDeployment } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

/** The admin's own keys, each limited differently; `unlimited` is the bootstrap key. */
type CredentialName = 'viewer-limited' | 'developer-limited' | 'scoped' | 'unlimited';

interface MintRequest {
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
}

interface MintCase {
  operation: string;
  credential: CredentialName;
  /** What is asked for, in words, for the test's name. */
  asks: string;
  request: (ids: Ids) => MintRequest;
  /** The success status when within the credential's rights; 403 when it would exceed them. */
  expected: number;
}

interface Ids {
  home: number;
  other: number;
  homeAgent: string;
  otherAgent: string;
}

const apiKey = (body: Record<string, unknown>) => (): MintRequest => ({
  method: 'POST',
  url: '/api/v1/api-keys',
  body: { name: 'minted', ...body },
});
const agentKey =
  (where: 'home' | 'other') =>
  (ids: Ids): MintRequest => ({
    method: 'POST',
    url: `/api/v1/deployments/${ids[where]}/agents/${where === 'home' ? ids.homeAgent : ids.otherAgent}/api-keys`,
    body: { name: 'minted' },
  });
const deploymentToken =
  (where: 'home' | 'other', groups?: string[]) =>
  (ids: Ids): MintRequest => ({
    method: 'POST',
    url: `/api/v1/deployments/${ids[where]}/token`,
    body: { securityContext: { tenant: 'acme' }, ...(groups ? { groups } : {}) },
  });
const chatAuth =
  (where: 'home' | 'other') =>
  (ids: Ids): MintRequest => ({
    method: 'PUT',
    url: `/api/v1/deployments/${ids[where]}/chat-auth`,
    body: { enabled: true, secret: 'a shared secret that signs platform tokens' },
  });
const webhookSecret =
  (where: 'home' | 'other') =>
  (ids: Ids): MintRequest => ({
    method: 'PUT',
    url: `/api/v1/deployments/${ids[where]}/dbt-repository`,
    body: { repositoryUrl: 'https://git.example.com/acme/dbt.git', webhookSecret: 'a webhook secret' },
  });

/** Every operation that mints a credential, asked by each kind of key for rights within and beyond its own. */
const mintCases: MintCase[] = [
  {
    operation: 'createApiKey',
    credential: 'viewer-limited',
    asks: 'role admin',
    request: apiKey({ role: 'admin' }),
    expected: 403,
  },
  {
    operation: 'createApiKey',
    credential: 'viewer-limited',
    asks: 'role developer',
    request: apiKey({ role: 'developer' }),
    expected: 403,
  },
  {
    operation: 'createApiKey',
    credential: 'viewer-limited',
    asks: 'role viewer',
    request: apiKey({ role: 'viewer' }),
    expected: 201,
  },
  {
    operation: 'createApiKey',
    credential: 'viewer-limited',
    asks: 'no role',
    request: apiKey({}),
    expected: 201,
  },
  {
    operation: 'createApiKey',
    credential: 'developer-limited',
    asks: 'role admin',
    request: apiKey({ role: 'admin' }),
    expected: 403,
  },
  {
    operation: 'createApiKey',
    credential: 'scoped',
    asks: 'another deployment',
    request: (ids) => apiKey({ deploymentIds: [ids.other] })(),
    expected: 403,
  },
  {
    operation: 'createApiKey',
    credential: 'scoped',
    asks: 'its deployment and another',
    request: (ids) => apiKey({ deploymentIds: [ids.home, ids.other] })(),
    expected: 403,
  },
  {
    operation: 'createApiKey',
    credential: 'scoped',
    asks: 'its deployment',
    request: (ids) => apiKey({ deploymentIds: [ids.home] })(),
    expected: 201,
  },
  { operation: 'createApiKey', credential: 'scoped', asks: 'no scope', request: apiKey({}), expected: 201 },
  {
    operation: 'createApiKey',
    credential: 'unlimited',
    asks: 'role admin on every deployment',
    request: apiKey({ role: 'admin' }),
    expected: 201,
  },
  {
    operation: 'createAgentApiKey',
    credential: 'viewer-limited',
    asks: 'a key of its deployment',
    request: agentKey('home'),
    expected: 403,
  },
  {
    operation: 'createAgentApiKey',
    credential: 'developer-limited',
    asks: 'a key (chats as any user)',
    request: agentKey('home'),
    expected: 403,
  },
  {
    operation: 'createAgentApiKey',
    credential: 'scoped',
    asks: 'a key of another deployment',
    request: agentKey('other'),
    expected: 403,
  },
  {
    operation: 'createAgentApiKey',
    credential: 'scoped',
    asks: 'a key of its deployment',
    request: agentKey('home'),
    expected: 201,
  },
  {
    operation: 'createAgentApiKey',
    credential: 'unlimited',
    asks: 'a key',
    request: agentKey('other'),
    expected: 201,
  },
  {
    operation: 'createDeploymentToken',
    credential: 'viewer-limited',
    asks: 'a token',
    request: deploymentToken('home'),
    expected: 403,
  },
  {
    operation: 'createDeploymentToken',
    credential: 'developer-limited',
    asks: 'the admin group',
    request: deploymentToken('home', ['sales', 'admin']),
    expected: 403,
  },
  {
    operation: 'createDeploymentToken',
    credential: 'developer-limited',
    asks: 'the developer group',
    request: deploymentToken('home', ['sales', 'developer']),
    expected: 200,
  },
  {
    operation: 'createDeploymentToken',
    credential: 'scoped',
    asks: 'a token of another deployment',
    request: deploymentToken('other'),
    expected: 403,
  },
  {
    operation: 'createDeploymentToken',
    credential: 'scoped',
    asks: 'the admin group on its deployment',
    request: deploymentToken('home', ['admin']),
    expected: 200,
  },
  {
    operation: 'createDeploymentToken',
    credential: 'unlimited',
    asks: 'the admin group',
    request: deploymentToken('other', ['admin']),
    expected: 200,
  },
  {
    operation: 'updateChatAuthSettings',
    credential: 'viewer-limited',
    asks: 'a signing secret',
    request: chatAuth('home'),
    expected: 403,
  },
  {
    operation: 'updateChatAuthSettings',
    credential: 'developer-limited',
    asks: 'a signing secret',
    request: chatAuth('home'),
    expected: 403,
  },
  {
    operation: 'updateChatAuthSettings',
    credential: 'scoped',
    asks: 'a secret on another deployment',
    request: chatAuth('other'),
    expected: 403,
  },
  {
    operation: 'updateChatAuthSettings',
    credential: 'scoped',
    asks: 'a secret on its deployment',
    request: chatAuth('home'),
    expected: 200,
  },
  {
    operation: 'updateChatAuthSettings',
    credential: 'unlimited',
    asks: 'a signing secret',
    request: chatAuth('other'),
    expected: 200,
  },
  {
    operation: 'connectDbtRepository',
    credential: 'viewer-limited',
    asks: 'a webhook secret',
    request: webhookSecret('home'),
    expected: 403,
  },
  {
    operation: 'connectDbtRepository',
    credential: 'scoped',
    asks: 'a webhook secret on another deployment',
    request: webhookSecret('other'),
    expected: 403,
  },
  {
    operation: 'connectDbtRepository',
    credential: 'developer-limited',
    asks: 'a webhook secret',
    request: webhookSecret('home'),
    expected: 200,
  },
  {
    operation: 'connectDbtRepository',
    credential: 'unlimited',
    asks: 'a webhook secret',
    request: webhookSecret('other'),
    expected: 200,
  },
];

describe.each(storeEngines)(
  'a credential mints and removes only credentials within its rights on %s',
  (engine: StoreEngine) => {
    let server: TestServer;
    let ids: Ids;
    const keys = new Map<CredentialName, string>();

    function keyOf(name: CredentialName): string {
      const key = keys.get(name);
      if (!key) throw new Error(`no ${name} key`);
      return key;
    }

    async function agentOf(deploymentId: number): Promise<string> {
      const agent = await server.request({
        method: 'POST',
        url: `/api/v1/deployments/${deploymentId}/agents`,
        body: { name: 'minting target' },
      });
      return (agent.body as { id: string }).id;
    }

    async function limitedKey(body: Record<string, unknown>): Promise<{ id: number; token: string }> {
      const created = await server.request({
        method: 'POST',
        url: '/api/v1/api-keys',
        body: { name: 'limited', ...body },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: number; token: string };
    }

    async function currentCredential(key: string) {
      const me = await server.request({ method: 'GET', url: '/api/v1/users/me', key });
      expect(me.status).toBe(200);
      return (me.body as { credential: { role: string; deploymentIds: number[] | null } }).credential;
    }

    beforeAll(async () => {
      server = await startTestServer({ engine });
      const home = await createDeployment(server, 'minting-home');
      const other = await createDeployment(server, 'minting-other');
      ids = { home, other, homeAgent: await agentOf(home), otherAgent: await agentOf(other) };
      keys.set('unlimited', server.adminKey);
      keys.set('viewer-limited', (await limitedKey({ role: 'viewer' })).token);
      keys.set('developer-limited', (await limitedKey({ role: 'developer' })).token);
      keys.set('scoped', (await createAdminApiKey(server, { name: 'scoped', deploymentIds: [home] })).token);
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each(
      mintCases.map(
        (mintCase) => [mintCase.operation, mintCase.credential, mintCase.asks, mintCase] as const,
      ),
    )('%s by a %s key asking for %s', async (_operation, credential, _asks, mintCase) => {
      const answer = await server.request({ ...mintCase.request(ids), key: keyOf(credential) });
      if (mintCase.expected === 403) {
        expectErrorBody(answer, 'FORBIDDEN', `${mintCase.operation} ${credential}`);
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(mintCase.expected);
      }
    });

    it('gives a key made by a limited key without a role or scope the limits of the key that made it', async () => {
      for (const [name, expected] of [
        ['viewer-limited', { role: 'viewer', deploymentIds: null }],
        ['developer-limited', { role: 'developer', deploymentIds: null }],
        ['scoped', { role: 'admin', deploymentIds: [ids.home] }],
      ] as const) {
        const made = await server.request({
          method: 'POST',
          url: '/api/v1/api-keys',
          key: keyOf(name),
          body: { name: 'made' },
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const token = (made.body as { token: string }).token;
        expect(await currentCredential(token)).toMatchObject(expected);
        // The made key is no way out either: it cannot mint an admin key or create a user.
        const stronger = await server.request({
          method: 'POST',
          url: '/api/v1/api-keys',
          key: token,
          body: { name: 'x', role: 'admin', deploymentIds: [ids.other] },
        });
        expectErrorBody(stronger, 'FORBIDDEN', name);
      }
    });

    it('lets a key that expires mint only credentials that expire no later than it does', async () => {
      const expiresAt = new Date(Date.now() + 30 * 60 * 1000);
      const expiring = await limitedKey({ expiresAt: expiresAt.toISOString() });
      const later = new Date(expiresAt.getTime() + 60_000).toISOString();
      const earlier = new Date(expiresAt.getTime() - 60_000).toISOString();
      const environmentTokens = `/api/v1/deployments/${ids.home}/environments/production/tokens`;
      const refused: Array<[string, MintRequest]> = [
        ['an API key expiring later', apiKey({ expiresAt: later })()],
        ['an agent key (never expires)', agentKey('home')(ids)],
        ['a deployment token of the default day', deploymentToken('home')(ids)],
        [
          'a deployment token of an hour',
          { method: 'POST', url: `/api/v1/deployments/${ids.home}/token`, body: { expiresIn: 3600 } },
        ],
        [
          'an environment token of an hour',
          { method: 'POST', url: environmentTokens, body: { security_context: {}, expires_in: 3600 } },
        ],
        [
          'a meta-sync token of the default hour',
          { method: 'POST', url: `${environmentTokens}-for-meta-sync`, body: { security_context: {} } },
        ],
        ['a chat-auth secret (never expires)', chatAuth('home')(ids)],
        ['a dbt webhook secret (never expires)', webhookSecret('home')(ids)],
      ];
      for (const [label, request] of refused) {
        const answer = await server.request({ ...request, key: expiring.token });
        expectErrorBody(answer, 'FORBIDDEN', label);
        expect((answer.body as { message: string }).message, label).toContain(expiresAt.toISOString());
      }
      const allowed: Array<[string, MintRequest, number]> = [
        ['an API key expiring earlier', apiKey({ expiresAt: earlier })(), 201],
        [
          'a deployment token of ten minutes',
          { method: 'POST', url: `/api/v1/deployments/${ids.home}/token`, body: { expiresIn: 600 } },
          200,
        ],
        [
          'an environment token of ten minutes',
          { method: 'POST', url: environmentTokens, body: { security_context: {}, expires_in: 600 } },
          201,
        ],
      ];
      for (const [label, request, status] of allowed) {
        const answer = await server.request({ ...request, key: expiring.token });
        expect(answer.status, `${label} ${JSON.stringify(answer.body)}`).toBe(status);
      }
      // A key made without an expiry keeps the caller's, like its role and scope; it is no way out either.
      const made = await server.request({
        method: 'POST',
        url: '/api/v1/api-keys',
        key: expiring.token,
        body: { name: 'made by an expiring key' },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({ expiresAt: expiresAt.toISOString() });
      const madeToken = (made.body as { token: string }).token;
      expectErrorBody(
        await server.request({ ...agentKey('home')(ids), key: madeToken }),
        'FORBIDDEN',
        'agent key by the made key',
      );
      // Removing lengthens no life: the expiring key still deletes a key that does not expire.
      const permanent = await limitedKey({});
      const deleted = await server.request({
        method: 'DELETE',
        url: `/api/v1/api-keys/${permanent.id}`,
        key: expiring.token,
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    });

    it('refuses to delete a key stronger than the caller, and leaves it working', async () => {
      const target = await limitedKey({});
      const developerTarget = await limitedKey({ role: 'developer' });
      for (const [name, victim] of [
        ['viewer-limited', target],
        ['viewer-limited', developerTarget],
        ['developer-limited', target],
        ['scoped', target],
      ] as const) {
        const answer = await server.request({
          method: 'DELETE',
          url: `/api/v1/api-keys/${victim.id}`,
          key: keyOf(name),
        });
        expectErrorBody(answer, 'FORBIDDEN', `${name} deleting key ${victim.id}`);
      }
      expect((await currentCredential(target.token)).role).toBe('admin');
      expect((await currentCredential(developerTarget.token)).role).toBe('developer');
    });

    it('lets a key delete keys within its rights, itself included', async () => {
      const viewer = await limitedKey({ role: 'viewer' });
      const otherViewer = await limitedKey({ role: 'viewer' });
      const scopedHome = await createAdminApiKey(server, { name: 'scoped twin', deploymentIds: [ids.home] });
      const deletions: Array<[string, number]> = [
        [viewer.token, otherViewer.id],
        [viewer.token, viewer.id],
        [keyOf('scoped'), scopedHome.id],
      ];
      for (const [key, id] of deletions) {
        const answer = await server.request({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, key });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
    });

    it('refuses to delete an agent key to a key with less than an admin on its deployment', async () => {
      const created = await server.request({
        method: 'POST',
        url: `/api/v1/deployments/${ids.home}/agents/${ids.homeAgent}/api-keys`,
        body: {},
      });
      const agentKeyId = (created.body as { id: number }).id;
      const url = `/api/v1/deployments/${ids.home}/agents/${ids.homeAgent}/api-keys/${agentKeyId}`;
      expectErrorBody(
        await server.request({ method: 'DELETE', url, key: keyOf('developer-limited') }),
        'FORBIDDEN',
      );
      expect((await server.request({ method: 'DELETE', url, key: keyOf('scoped') })).status).toBe(204);
    });

    it("refuses a limited key the changes of a user that would change that user's keys beyond its own rights", async () => {
      const viewer = await createUserWithKey(server, 'viewer');
      const userUrl = `/api/v1/users/${viewer.userId}`;
      // Promoting the owner of an unscoped key would make that key an admin's on every deployment.
      for (const body of [{ role: 'admin' }, { status: 'inactive' }]) {
        const answer = await server.request({ method: 'PUT', url: userUrl, key: keyOf('scoped'), body });
        expectErrorBody(answer, 'FORBIDDEN', JSON.stringify(body));
      }
      expectErrorBody(
        await server.request({ method: 'DELETE', url: userUrl, key: keyOf('scoped') }),
        'FORBIDDEN',
      );
      expect(await currentCredential(viewer.key)).toMatchObject({ role: 'viewer', deploymentIds: null });
      const renamed = await server.request({
        method: 'PUT',
        url: userUrl,
        key: keyOf('scoped'),
        body: { name: 'Vi' },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const promoted = await server.request({ method: 'PUT', url: userUrl, body: { role: 'developer' } });
      expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
      expect(await currentCredential(viewer.key)).toMatchObject({ role: 'developer' });
    });
  },
);
