import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, hostedUserAgent, listenForHostedCli } from './hosted-cli-client.js';

/** The hosted CLI's rows `login (device)` and `(auto)` refresh: form-encoded POSTs, as its §2 describes. */
describe('the hosted CLI signing in through the browser, replayed', () => {
  let server: TestServer;
  let cli: HostedCliClient;
  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  function form(path: string, fields: Record<string, string>) {
    const payload = Buffer.from(new URLSearchParams(fields).toString());
    return cli.call('POST', path, {
      multipart: { payload, contentType: 'application/x-www-form-urlencoded' },
    });
  }

  it('gets a device code, polls, receives the tokens, reads users/me with Bearer, refreshes', async () => {
    const code = await form('/auth/device/code', { client_id: 'platform-cli' });
    expect(code.status).toBe(200);
    const device = code.body as {
      device_code: string;
      user_code: string;
      expires_in: number;
      interval: number;
    };
    expect(device).toMatchObject({ expires_in: 900, interval: 5 });
    const poll = () =>
      form('/auth/device/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
        client_id: 'platform-cli',
      });
    expect((await poll()).body).toMatchObject({ error: 'authorization_pending' });
    const approval = await cli.call('POST', '/auth/device/decision', {
      body: { userCode: device.user_code, decision: 'approve' },
    });
    expect(approval.status).toBe(200);
    const tokens = (await poll()).body as { accessToken: string; refreshToken: string; tenantUrl: string };
    expect(tokens.tenantUrl).toBe(server.container.config.publicUrl);
    const me = await fetch(`${cli.baseUrl}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'user-agent': hostedUserAgent },
    });
    expect(((await me.json()) as { email: string }).email).toBe('admin@localhost');
    const refreshed = await form('/auth/oauth2/refresh', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      client_id: 'platform-cli',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ accessToken: expect.stringMatching(/^oat-/) });
  });
});
