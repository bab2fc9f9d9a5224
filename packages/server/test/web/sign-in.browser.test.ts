import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenIdProvider, startOpenIdProvider } from '../support/openid-provider.js';
import { describeInBrowser, startWebHarness, type WebHarness } from './web-browser.js';

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri_complete: string;
}

describeInBrowser('sign-in pages in Chromium: the /device approval and SSO', () => {
  let harness: WebHarness;
  let provider: OpenIdProvider;
  beforeAll(async () => {
    [harness, provider] = await Promise.all([startWebHarness(), startOpenIdProvider()]);
    // As main.ts does once it listens: the public address is the bound one.
    harness.server.container.config.publicUrl = harness.baseUrl;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([harness?.close(), provider?.close()]);
  });

  async function post(path: string, fields: Record<string, string>) {
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function deviceCode(): Promise<DeviceCode> {
    const answer = await post('/auth/device/code', { client_id: 'platform-cli' });
    expect(answer.status).toBe(200);
    return answer.body as unknown as DeviceCode;
  }

  function poll(code: DeviceCode) {
    return post('/auth/device/token', {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: code.device_code,
      client_id: 'platform-cli',
    });
  }

  async function signInWithKey(page: Page): Promise<void> {
    await page.getByLabel('API key').fill(harness.server.adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('approves a CLI sign-in on /device after signing in, the code filled in from the address', async () => {
    const code = await deviceCode();
    expect(code.verification_uri_complete.startsWith(`${harness.baseUrl}/device?user_code=`)).toBe(true);
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto(code.verification_uri_complete);
      await page.waitForURL((url) => url.pathname === '/login');
      await signInWithKey(page);
      await page.waitForURL((url) => url.pathname === '/device');
      expect(await page.getByLabel('Code').inputValue()).toBe(code.user_code);
      await harness.screenshot(page, 'device-1280');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('heading', { name: 'Sign-in approved' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain('admin@localhost');
      const tokens = await poll(code);
      expect(tokens.status).toBe(200);
      const me = await fetch(`${harness.baseUrl}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${String(tokens.body.access_token)}` },
      });
      expect(((await me.json()) as { email: string }).email).toBe('admin@localhost');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('denies a CLI sign-in, and tells about a code that no longer waits', async () => {
    const code = await deviceCode();
    const { page, close } = await harness.openPage();
    try {
      await page.goto('/login?next=/device');
      await signInWithKey(page);
      await page.waitForURL((url) => url.pathname === '/device');
      await page.getByLabel('Code').fill(code.user_code.toLowerCase());
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.getByRole('heading', { name: 'Sign-in denied' }).waitFor();
      expect((await poll(code)).body.error).toBe('access_denied');
      await page.goto('/device');
      await page.getByLabel('Code').fill(code.user_code);
      await page.getByRole('button', { name: 'Approve' }).click();
      expect(await page.getByRole('alert').textContent()).toContain('No sign-in waits for this code');
    } finally {
      await close();
    }
  });

  it('signs in with SSO from the login page, through the provider, back to the page asked for', async () => {
    const settings = await fetch(`${harness.baseUrl}/api/v1/tenant/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${harness.server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sso: {
          enabled: true,
          issuerUrl: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
        },
      }),
    });
    expect(settings.status).toBe(200);
    provider.person = { subject: 'admin', email: 'admin@localhost', emailVerified: true };
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto('/device?user_code=BCDF-GHJK');
      await page.waitForURL((url) => url.pathname === '/login');
      const ssoLink = page.getByRole('link', { name: 'Sign in with SSO' });
      await ssoLink.waitFor();
      await harness.screenshot(page, 'login-sso-1280');
      await ssoLink.click();
      await page.waitForURL((url) => url.pathname === '/device');
      expect(new URL(page.url()).searchParams.get('user_code')).toBe('BCDF-GHJK');
      await page.getByText('A terminal asks to act as').waitFor();
      expect(await page.locator('main').textContent()).toContain('admin@localhost');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
