import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TenantSettings } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSettingsTable } from '../../src/modules/identity/tenant-settings.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';

const settingsUrl = '/api/v1/tenant/settings';

/** Every file under a directory, recursively (the PGlite data directory). */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('tenant settings and app config', () => {
  let server: TestServer;
  let viewerKey: string;

  beforeAll(async () => {
    // On disk (not in memory) so the data directory's files can be searched for the SSO secret.
    server = await startTestServer({ environment: { LOG_LEVEL: 'trace' }, isStoreOnDisk: true });
    viewerKey = (await createUserWithKey(server, 'viewer')).key;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function settings(key?: string): Promise<TenantSettings> {
    const answer = await server.request({ method: 'GET', url: settingsUrl, key });
    expect(answer.status).toBe(200);
    return answer.body as TenantSettings;
  }

  async function update(body: unknown, key?: string) {
    return server.request({ method: 'PUT', url: settingsUrl, body, key });
  }

  it('reads every default before anything is written, with the account name', async () => {
    const read = await settings();
    expect(read).toMatchObject({
      defaultLocale: 'en-US',
      defaultTimezone: 'UTC',
      aiEnabled: true,
      embedding: { enabled: true, allowedOrigins: [] },
      sessionTtlSeconds: 12 * 60 * 60,
      chatThreadPolicies: [],
      externalUsersLimit: 10_000,
      appConfig: {
        appTheme: null,
        applyThemeGlobally: false,
        creatorMode: { localizedTitles: false, showGeneratedSql: false, showSemanticSql: false },
        embedding: { locale: null, showDashboardChat: false },
        sheetsUi: { showAppliedFilters: true },
      },
      sso: { enabled: false, clientSecret: null, allowUserCreation: false, defaultRole: 'viewer' },
      updatedAt: null,
    });
    expect(read.name.length).toBeGreaterThan(0);
  });

  it('merges a partial update member by member and replaces arrays', async () => {
    const first = await update({
      defaultTimezone: 'Europe/Berlin',
      appConfig: { creatorMode: { showGeneratedSql: true }, appTheme: { primaryColor: '#1f6feb' } },
      embedding: { allowedOrigins: ['https://app.example.com', 'http://localhost:3000'] },
    });
    expect(first.status).toBe(200);
    const second = await update({
      defaultLocale: 'de-DE',
      appConfig: { creatorMode: { showSemanticSql: true }, appTheme: { mode: 'dark' } },
      embedding: { allowedOrigins: ['https://*.example.org'] },
    });
    expect(second.status).toBe(200);
    const read = await settings();
    expect(read).toMatchObject({
      defaultTimezone: 'Europe/Berlin',
      defaultLocale: 'de-DE',
      embedding: { enabled: true, allowedOrigins: ['https://*.example.org'] },
      appConfig: {
        creatorMode: { localizedTitles: false, showGeneratedSql: true, showSemanticSql: true },
        appTheme: { primaryColor: '#1f6feb', mode: 'dark' },
      },
    });
    expect(read.updatedAt).not.toBeNull();
    expect(second.body).toEqual(read);
  });

  it('clears the theme with null and serves app config, theme and embed theme to any user', async () => {
    await update({ appConfig: { appTheme: null } });
    await update({
      appConfig: {
        appTheme: { backgroundColor: '#ffffff' },
        applyThemeGlobally: true,
        embedding: { showDashboardChat: true },
      },
    });
    const config = await server.request({ method: 'GET', url: '/api/v1/app-config', key: viewerKey });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      appTheme: { backgroundColor: '#ffffff' },
      applyThemeGlobally: true,
      embedding: { locale: null, showDashboardChat: true },
    });
    const theme = await server.request({ method: 'GET', url: '/api/v1/app-theme', key: viewerKey });
    expect(theme.body).toEqual({ appTheme: { backgroundColor: '#ffffff' }, applyThemeGlobally: true });
    const embed = await server.request({ method: 'GET', url: '/api/v1/users/embed-theme', key: viewerKey });
    // Without an embedding locale of its own, embed sessions start from the account's locale.
    expect(embed.body).toEqual({
      appTheme: { backgroundColor: '#ffffff' },
      locale: (await settings()).defaultLocale,
      showDashboardChat: true,
    });
  });

  it('lets only SettingsManage read or change the settings', async () => {
    const developerKey = (await createUserWithKey(server, 'developer')).key;
    for (const key of [viewerKey, developerKey]) {
      expectErrorBody(await server.request({ method: 'GET', url: settingsUrl, key }), 'FORBIDDEN');
      expectErrorBody(await update({ aiEnabled: false }, key), 'FORBIDDEN');
    }
    expect((await settings()).aiEnabled).toBe(true);
  });

  it.each([
    ['an unknown time zone', { defaultTimezone: 'Mars/Olympus' }, 'defaultTimezone'],
    ['a malformed locale', { defaultLocale: 'not a locale!' }, 'defaultLocale'],
    ['more than 10,000 external users', { externalUsersLimit: 10_001 }, 'externalUsersLimit'],
    ['a session shorter than 5 minutes', { sessionTtlSeconds: 60 }, 'sessionTtlSeconds'],
    ['an unknown member', { colour: 'red' }, ''],
    ['an unknown nested member', { appConfig: { creatorMode: { showEverything: true } } }, 'appConfig'],
    ['a NUL byte', { name: 'Acme\u0000' }, 'name'],
    ['an origin with a path', { embedding: { allowedOrigins: ['https://a.example.com/app'] } }, 'embedding'],
    ['a theme colour that is not hex', { appConfig: { appTheme: { primaryColor: 'red;' } } }, 'appConfig'],
    [
      'a policy with an unknown action',
      {
        chatThreadPolicies: [
          { actions: ['rename'], effect: 'allow', resourceType: 'agent', resources: ['*'] },
        ],
      },
      'chatThreadPolicies',
    ],
    ['SSO enabled without an issuer', { sso: { enabled: true, clientId: 'platform' } }, ''],
  ])('refuses %s with a 400 and changes nothing', async (_case, body, field) => {
    const before = await settings();
    const answer = await update({ ...body, aiEnabled: !before.aiEnabled });
    expectErrorBody(answer, 'BAD_REQUEST');
    expect(JSON.stringify(answer.body)).toContain(field);
    expect(await settings()).toEqual(before);
  });

  it('keeps the SSO client secret encrypted, masked on read, and kept when sent back masked', async () => {
    const secret = `sso-client-secret-${Date.now()}`;
    const written = await update({
      sso: {
        enabled: true,
        issuerUrl: 'https://login.example.com/realms/acme',
        clientId: 'platform',
        clientSecret: secret,
        allowUserCreation: true,
        defaultRole: 'developer',
      },
    });
    expect(written.status).toBe(200);
    expect((written.body as TenantSettings).sso).toEqual({
      enabled: true,
      issuerUrl: 'https://login.example.com/realms/acme',
      clientId: 'platform',
      clientSecret: '[ENCRYPTED]',
      allowUserCreation: true,
      defaultRole: 'developer',
    });
    await update({ sso: { clientSecret: '[ENCRYPTED]', allowUserCreation: false } });
    const { accountId } = await server.container.services.credentials.authenticateToken(server.adminKey);
    const sso = await server.container.services.tenantSettings.ssoSettingsOf(accountId);
    expect(sso).toMatchObject({ clientSecret: secret, allowUserCreation: false, enabled: true });
    const rows = await server.container.platform.store.database.select().from(tenantSettingsTable);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(server.logLines.join('')).not.toContain(secret);
    let holdsTheDocument = false;
    for (const file of await filesUnder(server.dataDirectory)) {
      const bytes = await readFile(file);
      expect(bytes.includes(secret), file).toBe(false);
      holdsTheDocument ||= bytes.includes('login.example.com/realms/acme');
    }
    // The search sees what was written: the issuer URL, stored in clear beside the secret, is found.
    expect(holdsTheDocument).toBe(true);
    await update({ sso: { enabled: false, clientSecret: null } });
    expect((await settings()).sso.clientSecret).toBeNull();
  });

  it('lands concurrent updates of different members, all of them', async () => {
    const answers = await Promise.all([
      update({ appConfig: { sheetsUi: { showAppliedFilters: false } } }),
      update({ appConfig: { creatorMode: { localizedTitles: true } } }),
      update({ externalUsersLimit: 250 }),
      update({ embedding: { enabled: false } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await settings()).toMatchObject({
      externalUsersLimit: 250,
      embedding: { enabled: false },
      appConfig: { sheetsUi: { showAppliedFilters: false }, creatorMode: { localizedTitles: true } },
    });
  });

  it("keeps each account's settings apart", async () => {
    const other = await createOtherAccount(server);
    await update({ defaultTimezone: 'Asia/Tokyo' }, other.adminKey);
    expect((await settings(other.adminKey)).defaultTimezone).toBe('Asia/Tokyo');
    expect((await settings()).defaultTimezone).not.toBe('Asia/Tokyo');
  });

  it('signs web sessions in for sessionTtlSeconds', async () => {
    await update({ sessionTtlSeconds: 3600 });
    const answer = await server.request({
      method: 'POST',
      url: '/auth/login',
      key: null,
      body: { apiKey: server.adminKey },
    });
    expect(answer.status).toBe(204);
    const header = answer.headers['set-cookie'];
    expect(String(Array.isArray(header) ? header[0] : header)).toMatch(/Max-Age=(3600|3599)(;|$)/);
  });
});
