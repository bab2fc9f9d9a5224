import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAgent } from '../../src/modules/agents/chat-agent.js';
import { branchNameOf, isTimeZone } from '../../src/modules/chat/chat-session.builder.js';
import { defaultTenantSettings } from '../../src/modules/identity/tenant-settings.defaults.js';
import { findDeploymentId } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

/** The session a request becomes: what data queries see of the user, the branch and the time zone. */
describe.each(storeEngines)('chat sessions on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let agent: ChatAgent;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const demoId = await findDeploymentId(server, 'demo');
    const agents = await server.request({ method: 'GET', url: `/api/v1/deployments/${demoId}/agents` });
    const agentId = (agents.body as { items: Array<{ id: string }> }).items[0]?.id ?? '';
    agent = await server.container.services.chatAgents.agentForChat('default', agentId);
    const attribute = await server.request({
      method: 'POST',
      url: '/api/v1/user-attributes',
      body: { name: 'region' },
    });
    expect(attribute.status, JSON.stringify(attribute.body)).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("hands an API-key session's groups, security context and user attributes to data queries", async () => {
    const session = await server.container.services.chatSessions.build(
      agent,
      { method: 'apiKey' },
      {
        sessionSettings: {
          externalId: 'rls-user',
          email: 'rls@example.com',
          groups: ['emea-sales'],
          securityContext: { tenantId: 42 },
          userAttributes: [{ name: 'region', value: 'EMEA' }],
          timezone: 'Europe/Berlin',
        },
      },
      defaultTenantSettings,
    );
    expect(session).toMatchObject({
      agent: { id: agent.id },
      user: { externalId: 'rls-user', internalId: null, email: 'rls@example.com' },
      data: {
        kind: 'external',
        groups: ['emea-sales'],
        securityContext: { tenantId: 42 },
        userAttributes: { region: 'EMEA' },
      },
      branchName: null,
      timezone: 'Europe/Berlin',
    });
  });

  it("gives a platform token's claims to data queries and ignores sessionSettings", async () => {
    const session = await server.container.services.chatSessions.build(
      agent,
      {
        method: 'platformToken',
        user: {
          externalId: 'claims-user',
          email: null,
          groups: ['finance'],
          securityContext: { scope: ['chat'], tenantId: 7 },
        },
      },
      { sessionSettings: { externalId: 'someone-else', groups: ['admins'], timezone: 'Asia/Tokyo' } },
      defaultTenantSettings,
    );
    expect(session).toMatchObject({
      user: { externalId: 'claims-user' },
      data: { kind: 'external', groups: ['finance'], securityContext: { scope: ['chat'], tenantId: 7 } },
      timezone: 'UTC',
    });
  });

  it("applies an internal user's own role: the session names the account user", async () => {
    const { userId } = await createUserWithKey(server, 'viewer', 'Chat.Viewer@example.com');
    const session = await server.container.services.chatSessions.build(
      agent,
      { method: 'apiKey' },
      { sessionSettings: { internalId: 'chat.viewer@example.com' } },
      defaultTenantSettings,
    );
    expect(session.data).toEqual({ kind: 'internal', userId });
    expect(session.user).toMatchObject({ internalId: 'chat.viewer@example.com', externalId: null });
  });

  it('refuses an internalId that names no active user of the account', async () => {
    await expect(
      server.container.services.chatSessions.build(
        agent,
        { method: 'apiKey' },
        { sessionSettings: { internalId: 'stranger@example.com' } },
        defaultTenantSettings,
      ),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/sessionSettings.internalId/),
    });
  });

  it('picks the branch from activeBranchName and isDefaultBranch', () => {
    expect(branchNameOf({})).toBeNull();
    expect(branchNameOf({ activeBranchName: 'dev-anna' })).toBe('dev-anna');
    expect(branchNameOf({ activeBranchName: 'main', isDefaultBranch: true })).toBeNull();
    expect(branchNameOf({ activeBranchName: 'dev-anna', isDefaultBranch: false })).toBe('dev-anna');
    expect(() => branchNameOf({ isDefaultBranch: false })).toThrow(/activeBranchName: required/);
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
