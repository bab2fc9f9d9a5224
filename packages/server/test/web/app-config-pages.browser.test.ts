import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithKey } from '../support/test-server.js';
import { describeInBrowser, startWebHarness, type WebHarness } from './web-browser.js';

describeInBrowser("the app configuration's effects on the web pages", () => {
  let harness: WebHarness;
  let reportPath: string;
  let viewerKey: string;

  async function settings(body: unknown): Promise<void> {
    const answer = await harness.server.request({ method: 'PUT', url: '/api/v1/tenant/settings', body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  async function signIn(page: Page, apiKey: string, next: string): Promise<void> {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === next);
  }

  /** A custom property of the page's root element, as the browser computed it. */
  function rootProperty(page: Page, name: string): Promise<string> {
    return page
      .locator('html')
      .evaluate(
        (element, property) =>
          element.ownerDocument.defaultView?.getComputedStyle(element).getPropertyValue(property).trim() ??
          '',
        name,
      );
  }

  beforeAll(async () => {
    harness = await startWebHarness();
    const deployments = await harness.server.request({ method: 'GET', url: '/api/v1/deployments' });
    const deploymentId = (deployments.body as { items: Array<{ id: number }> }).items[0]?.id;
    const report = await harness.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/reports`,
      body: {
        name: 'Orders by status',
        jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
      },
    });
    expect(report.status).toBe(201);
    reportPath = `/deployments/${deploymentId}/reports/${(report.body as { id: number }).id}`;
    viewerKey = (await createUserWithKey(harness.server, 'viewer')).key;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows neither SQL nor a theme with the defaults', async () => {
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await signIn(page, viewerKey, reportPath);
      await page.getByTestId('report-table').waitFor();
      expect(await page.getByTestId('generated-sql').count()).toBe(0);
      expect(await page.getByTestId('semantic-query').count()).toBe(0);
      expect(await rootProperty(page, '--accent')).toBe('#2457c5');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows the report's warehouse SQL and semantic query and themes every page once the settings say so", async () => {
    await settings({
      appConfig: {
        creatorMode: { showGeneratedSql: true, showSemanticSql: true },
        appTheme: { primaryColor: '#aa3300', fontFamily: 'Georgia, serif' },
        applyThemeGlobally: true,
      },
    });
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await signIn(page, viewerKey, reportPath);
      await page.getByTestId('report-table').waitFor();
      const generated = page.getByTestId('generated-sql');
      await generated.getByText('Warehouse SQL').click();
      expect(await generated.locator('pre').textContent()).toMatch(/SELECT[\s\S]*FROM/i);
      const semantic = page.getByTestId('semantic-query');
      await semantic.getByText('Semantic query').click();
      expect(JSON.parse((await semantic.locator('pre').textContent()) ?? '')).toEqual({
        measures: ['orders.count'],
        dimensions: ['orders.status'],
      });
      await expect.poll(() => rootProperty(page, '--accent')).toBe('#aa3300');
      const buttonColour = await page
        .getByRole('button', { name: 'Run again' })
        .evaluate((button) => button.ownerDocument.defaultView?.getComputedStyle(button).borderColor);
      expect(buttonColour).toBe('rgb(170, 51, 0)');
      const bodyFont = await page
        .locator('body')
        .evaluate((body) => body.ownerDocument.defaultView?.getComputedStyle(body).fontFamily);
      expect(bodyFont).toContain('Georgia');
      await harness.screenshot(page, 'report-with-app-config');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps the theme to dashboards when applyThemeGlobally is off', async () => {
    await settings({
      appConfig: {
        applyThemeGlobally: false,
        creatorMode: { showGeneratedSql: false, showSemanticSql: false },
      },
    });
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await signIn(page, viewerKey, reportPath);
      await page.getByTestId('report-table').waitFor();
      expect(await rootProperty(page, '--accent')).toBe('#2457c5');
      expect(await page.getByTestId('generated-sql').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
