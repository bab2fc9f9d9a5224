import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, startWebHarness, type WebHarness } from './web-browser.js';

describeInBrowser('signing in to the web pages (Chromium)', () => {
  let harness: WebHarness;
  beforeAll(async () => {
    harness = await startWebHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('sends a page opened without a session to /login with the page as next', async () => {
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto('/deployments/1?tab=x');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/deployments/1?tab=x');
      await page.getByLabel('API key').waitFor();
      await harness.screenshot(page, 'login-1280');
      // The session check's 401 is the one expected failure the browser reports.
      expect(consoleErrors.filter((error) => !error.includes('401'))).toEqual([]);
    } finally {
      await close();
    }
  });
});
