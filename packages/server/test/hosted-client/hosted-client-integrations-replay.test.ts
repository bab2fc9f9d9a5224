import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedAuthorizationServer } from '../support/scripted-authorization-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/**
 * The hosted CLI's integrations rows (HOSTED-CLIENT.md "integrations …"), sent exactly as it sends them
 * over a real socket; the connection its token rows read is made against a scripted provider.
 */
describe('the hosted CLI, replayed: integrations and integration tokens', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  let provider: ScriptedAuthorizationServer;

  beforeAll(async () => {
    provider = new ScriptedAuthorizationServer({
      clientId: 'replayed-client',
      clientSecret: 'replayed-secret',
    });
    await provider.start();
    server = await startTestServer();
    cli = await listenForHostedCli(server);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  it('integrations list / get / create / update / delete: /api/v1/oauth-integrations/ and /{I}', async () => {
    const created = await cli.call('POST', '/api/v1/oauth-integrations/', {
      body: {
        name: 'replayed',
        type: 'generic',
        clientId: 'replayed-client',
        clientSecret: 'replayed-secret',
        authorizationUrl: `${provider.baseUrl}/authorize`,
        tokenUrl: `${provider.baseUrl}/token`,
        scopes: ['read'],
      },
    });
    expect(created.status, created.text).toBe(201);
    const integrationId = (created.body as { id: number }).id;
    const list = await cli.call('GET', '/api/v1/oauth-integrations/');
    expect(list.status, list.text).toBe(200);
    expect(listOfAnswer(list)).toEqual([
      expect.objectContaining({
        id: integrationId,
        name: 'replayed',
        type: 'generic',
        clientId: 'replayed-client',
      }),
    ]);
    const one = await cli.call('GET', `/api/v1/oauth-integrations/${integrationId}`);
    expect(one.body).toMatchObject({
      id: integrationId,
      name: 'replayed',
      type: 'generic',
      clientId: 'replayed-client',
    });
    expect(one.text).not.toContain('replayed-secret');
    const updated = await cli.call('PUT', `/api/v1/oauth-integrations/${integrationId}`, {
      body: { name: 'replayed-renamed' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ id: integrationId, name: 'replayed-renamed', type: 'generic' });

    // integrations tokens initiate / list / get / revoke, once the browser went through the provider.
    const initiated = await cli.call('POST', `/api/v1/user-oauth-tokens/${integrationId}/initiate`);
    expect(initiated.status, initiated.text).toBe(200);
    const atProvider = await fetch((initiated.body as { authorizationUrl: string }).authorizationUrl, {
      redirect: 'manual',
    });
    const back = new URL(atProvider.headers.get('location') ?? '');
    const connected = await cli.call('GET', back.pathname, { query: [...back.searchParams], key: '' });
    expect(connected.status, connected.text).toBe(200);
    const tokens = await cli.call('GET', '/api/v1/user-oauth-tokens/');
    expect(listOfAnswer(tokens)).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        integrationId,
        status: 'active',
        accessTokenExpiresAt: expect.any(String),
      }),
    ]);
    const token = await cli.call('GET', `/api/v1/user-oauth-tokens/${integrationId}`);
    expect(token.body).toMatchObject({ integrationId, status: 'active' });
    for (const issued of provider.issuedTokens) expect(`${tokens.text}${token.text}`).not.toContain(issued);
    const revoked = await cli.call('DELETE', `/api/v1/user-oauth-tokens/${integrationId}`);
    expect(revoked.status, revoked.text).toBe(200);

    const deleted = await cli.call('DELETE', `/api/v1/oauth-integrations/${integrationId}`);
    expect(deleted.status, deleted.text).toBe(200);
  });
});
