import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli } from './hosted-cli-client.js';

/** The hosted CLI's tenant rows (HOSTED-CLIENT.md), sent exactly as it sends them over a real socket. */
describe('the hosted CLI, replayed: tenant settings, app config and themes', () => {
  let server: TestServer;
  let cli: HostedCliClient;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tenant settings / update: GET and PUT /api/v1/tenant/settings with -d JSON', async () => {
    const read = await cli.call('GET', '/api/v1/tenant/settings');
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ aiEnabled: true, externalUsersLimit: 10_000 });
    const updated = await cli.call('PUT', '/api/v1/tenant/settings', {
      body: { defaultTimezone: 'Europe/Berlin', appConfig: { embedding: { locale: 'de-DE' } } },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      defaultTimezone: 'Europe/Berlin',
      aiEnabled: true,
      appConfig: { embedding: { locale: 'de-DE', showDashboardChat: false } },
    });
  });

  it('app config / theme: GET /api/v1/app-config and GET /api/v1/app-theme', async () => {
    const config = await cli.call('GET', '/api/v1/app-config');
    expect(config.status, config.text).toBe(200);
    expect(Object.keys(config.body as object).sort()).toEqual(
      ['appTheme', 'applyThemeGlobally', 'creatorMode', 'embedding', 'sheetsUi'].sort(),
    );
    expect(config.body).toMatchObject({
      creatorMode: { localizedTitles: false, showGeneratedSql: false, showSemanticSql: false },
      sheetsUi: { showAppliedFilters: true },
    });
    const theme = await cli.call('GET', '/api/v1/app-theme');
    expect(theme.status, theme.text).toBe(200);
    expect(theme.body).toEqual({ appTheme: null, applyThemeGlobally: false });
  });

  it('users embed-theme: GET /api/v1/users/embed-theme', async () => {
    const theme = await cli.call('GET', '/api/v1/users/embed-theme');
    expect(theme.status, theme.text).toBe(200);
    expect(theme.body).toEqual({ appTheme: null, locale: 'de-DE', showDashboardChat: false });
  });
});
