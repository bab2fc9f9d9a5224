import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli } from './hosted-cli-client.js';

/** The hosted CLI's `embed generate-session` and `embed token` rows (HOSTED-CLIENT.md), sent as it sends them. */
describe('the hosted CLI, replayed: embed sessions', () => {
  let server: TestServer;
  let cli: HostedCliClient;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('embed generate-session and embed token: POST /api/v1/embed/generate-session, /api/v1/embed/session/token', async () => {
    const deploymentId = await findDeploymentId(server, 'demo');
    const session = await cli.call('POST', '/api/v1/embed/generate-session', {
      body: {
        deploymentId,
        externalId: 'hosted-customer',
        email: 'hosted@example.com',
        embedTenantName: 'hosted-tenant',
        securityContext: { tenantId: 3 },
        settings: { showDashboardChat: true },
      },
    });
    expect(session.status, session.text).toBe(200);
    const { sessionId } = session.body as { sessionId: string };
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    // The CLI sends its key on the exchange too; the operation takes none and ignores it.
    const token = await cli.call('POST', '/api/v1/embed/session/token', { body: { sessionId } });
    expect(token.status, token.text).toBe(200);
    expect((token.body as { token: string }).token.split('.')).toHaveLength(3);
    const replayed = await cli.call('POST', '/api/v1/embed/session/token', { body: { sessionId } });
    expect(replayed.status).toBe(401);
    const removed = await cli.call('POST', '/api/v1/embed/generate-session', {
      body: { deploymentId, externalId: 'hosted-customer', ephemeralTtlSeconds: 600 },
    });
    expect(removed.status).toBe(400);
    expect(removed.text).toMatch(/ephemeralTtlSeconds was removed/);
  });
});
