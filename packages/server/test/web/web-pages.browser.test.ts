import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithKey } from '../support/test-server.js';
import { describeInBrowser, startWebHarness, type WebHarness } from './web-browser.js';

interface RunResult {
  schema: Array<{ name: string }>;
  data: Array<Record<string, unknown>>;
}

/** A cell as the page shows it: empty for null, the value's text otherwise. */
function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

describeInBrowser('the web pages in Chromium', () => {
  let harness: WebHarness;
  let deploymentId: number;
  let deploymentName: string;
  let workbookReportId: number;
  let chartReportId: number;
  let viewerKey: string;

  async function created(url: string, body: unknown): Promise<{ id: number }> {
    const answer = await harness.server.request({ method: 'POST', url, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: number };
  }

  beforeAll(async () => {
    harness = await startWebHarness();
    const deployments = await harness.server.request({ method: 'GET', url: '/api/v1/deployments' });
    const first = (deployments.body as { items: Array<{ id: number; name: string }> }).items[0];
    if (!first) throw new Error('the test server has no demo deployment');
    deploymentId = first.id;
    deploymentName = first.name;
    const base = `/api/v1/deployments/${deploymentId}`;
    const folder = await created(`${base}/folders`, { name: 'Sales' });
    const workbook = await created(`${base}/workbooks`, { name: 'Quarterly review', folderId: folder.id });
    workbookReportId = (
      await created(`${base}/reports`, {
        name: 'Orders by status',
        workbookId: workbook.id,
        jsonQuery: {
          measures: ['orders.count'],
          dimensions: ['orders.status'],
          order: { 'orders.status': 'asc' },
        },
      })
    ).id;
    chartReportId = (
      await created(`${base}/reports`, {
        name: 'Status chart',
        workbookId: workbook.id,
        kind: 'vega',
        jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
        spec: {
          mark: 'bar',
          encoding: {
            x: { field: 'orders\\.status', type: 'nominal' },
            y: { field: 'orders\\.count', type: 'quantitative' },
          },
        },
      })
    ).id;
    await created(`${base}/reports`, { name: 'Order count', jsonQuery: { measures: ['orders.count'] } });
    viewerKey = (await createUserWithKey(harness.server, 'viewer')).key;
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function signIn(page: Page, apiKey: string): Promise<void> {
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('sends a page opened without a session to /login with the page as next', async () => {
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto(`/deployments/${deploymentId}?view=tree`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/deployments/${deploymentId}?view=tree`);
      await page.getByLabel('API key').waitFor();
      // The form is reachable from the keyboard: the first Tab lands on the key field.
      await page.keyboard.press('Tab');
      expect(
        await page
          .getByLabel('API key')
          .evaluate((element) => element === element.ownerDocument.activeElement),
      ).toBe(true);
      await harness.screenshot(page, 'login-1280');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows an error for a wrong key and stays on the login page', async () => {
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto('/login');
      await signIn(page, `sk-${'n'.repeat(43)}`);
      await expect(page.getByRole('alert').textContent()).resolves.toContain('not accepted');
      expect(new URL(page.url()).pathname).toBe('/login');
      // The refused sign-in is the one failed request the browser reports.
      expect(consoleErrors.filter((error) => !/401.*\/auth\/login/.test(error))).toEqual([]);
      expect(consoleErrors.length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('signs in through the form and browses deployments, the workspace tree and a workbook to its report', async () => {
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, harness.server.adminKey);
      await page.waitForURL((url) => url.pathname === '/');
      const deploymentLink = page.getByTestId('deployments').getByRole('link', { name: deploymentName });
      await deploymentLink.click();
      await page.waitForURL((url) => url.pathname === `/deployments/${deploymentId}`);
      const tree = page.getByTestId('workspace-tree');
      await tree.getByRole('link', { name: 'Order count' }).waitFor();
      const folderToggle = tree.getByRole('button', { name: 'Sales' });
      expect(await folderToggle.getAttribute('aria-expanded')).toBe('false');
      await folderToggle.click();
      expect(await folderToggle.getAttribute('aria-expanded')).toBe('true');
      await tree.getByRole('link', { name: 'Quarterly review' }).waitFor();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await harness.screenshot(page, `home-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await tree.getByRole('link', { name: 'Quarterly review' }).click();
      await page.getByRole('heading', { name: 'Quarterly review' }).waitFor();
      await page.getByTestId('workbook-reports').getByRole('link', { name: 'Orders by status' }).click();
      await page.waitForURL(
        (url) => url.pathname === `/deployments/${deploymentId}/reports/${workbookReportId}`,
      );
      await page.getByTestId('report-table').waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows the report's run as a table, row for row, and downloads it as CSV", async () => {
    const run = await harness.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/reports/${workbookReportId}/run`,
      body: {},
    });
    expect(run.status).toBe(200);
    const { schema, data } = run.body as RunResult;
    expect(data.length).toBeGreaterThan(1);
    const expectedRows = data.map((row) => schema.map((column) => cellText(row[column.name])));

    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto(
        `/login?next=${encodeURIComponent(`/deployments/${deploymentId}/reports/${workbookReportId}`)}`,
      );
      await signIn(page, harness.server.adminKey);
      const table = page.getByTestId('report-table');
      await table.waitFor();
      const headers = await table.locator('thead th').allTextContents();
      expect(headers).toEqual(schema.map((column) => column.name));
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((rowElements) =>
          rowElements.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
        );
      expect(rows).toEqual(expectedRows);
      // A table report draws no chart.
      expect(await page.locator('.report-chart').count()).toBe(0);

      const downloadButton = page.getByRole('button', { name: 'Download CSV' });
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      expect(download.suggestedFilename()).toBe('orders-by-status.csv');
      const csv = await readFile(await download.path(), 'utf8');
      const expectedCsv = [schema.map((column) => column.name), ...expectedRows]
        .map((cells) => cells.join(','))
        .join('\r\n');
      expect(csv).toBe(`${expectedCsv}\r\n`);

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await harness.screenshot(page, `report-${width}`);
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("draws a vega report's chart from the run's rows, above its table", async () => {
    const run = await harness.server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/reports/${chartReportId}/run`,
      body: {},
    });
    expect(run.status).toBe(200);
    const { data } = run.body as RunResult;
    expect(data.length).toBeGreaterThan(1);

    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto(
        `/login?next=${encodeURIComponent(`/deployments/${deploymentId}/reports/${chartReportId}`)}`,
      );
      await signIn(page, harness.server.adminKey);
      const chart = page.locator('.report-chart');
      await chart.locator('[data-chart-state="drawn"]').waitFor();
      expect(await chart.locator('.mark-rect path').count()).toBe(data.length);
      expect(await chart.getByRole('figure').getAttribute('aria-label')).toBe(
        `Status chart: chart of ${data.length} rows`,
      );
      const table = page.getByTestId('report-table');
      expect(await table.locator('tbody tr').count()).toBe(data.length);
      const [chartBox, tableBox] = await Promise.all([chart.boundingBox(), table.boundingBox()]);
      expect((chartBox?.y ?? 0) + (chartBox?.height ?? 0)).toBeLessThanOrEqual(tableBox?.y ?? 0);
      expect(chartBox?.height ?? 0).toBeGreaterThan(100);
      await harness.screenshot(page, 'report-chart-1280');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("offers the CSV download to a viewer, whose role carries DownloadData, with the viewer's own session", async () => {
    const { page, consoleErrors, close } = await harness.openPage({ width: 390 });
    try {
      await page.goto(`/deployments/${deploymentId}/reports/${workbookReportId}`);
      await signIn(page, viewerKey);
      await page.getByTestId('report-table').waitFor();
      await page.getByRole('button', { name: 'Download CSV' }).waitFor();
      const me = await page.evaluate(async () => (await fetch('/api/v1/users/me')).json());
      expect(me).toMatchObject({ role: 'viewer' });
      expect((me as { actions: string[] }).actions).toContain('DownloadData');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signs out: the session ends and the pages ask to sign in again', async () => {
    const { page, consoleErrors, close } = await harness.openPage();
    try {
      await page.goto('/login');
      await signIn(page, harness.server.adminKey);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
