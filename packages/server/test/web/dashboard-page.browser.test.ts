import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import { createUserWithKey } from '../support/test-server.js';
import { describeInBrowser, startWebHarness, type WebHarness } from './web-browser.js';

interface RunResult {
  schema: Array<{ name: string; column_type: string }>;
  data: Array<Record<string, unknown>>;
}

/** The page's getComputedStyle, typed here (the server's tests compile without the DOM library). */
interface StyleReader {
  getComputedStyle(element: unknown): { color: string };
}

/** An AI widget's stored thread, as `GET .../widgets/{widgetId}/thread` answers. */
interface WidgetThread {
  chatId: string | null;
  messages: Array<{ id: string; role: 'user' | 'assistant'; content: string }>;
}

interface PublishedDashboard {
  id: number;
  publicId: string;
}

const statuses = ['completed', 'shipped', 'pending', 'returned', 'cancelled'];

const barSpec = (x: string, type: 'nominal' | 'temporal') => ({
  mark: 'bar',
  encoding: {
    x: { field: x, type },
    y: { field: 'orders\\.count', type: 'quantitative' },
  },
});

/** What the page's app tries, posted back and written into its own document for the test to read. */
const appScript = `
const outcome = {};
const attempt = (name, read) => {
  try { outcome[name] = 'read: ' + String(read()); } catch (error) { outcome[name] = 'refused: ' + error.name; }
};
attempt('parentStorage', () => parent.localStorage.getItem('secret'));
attempt('parentCookie', () => parent.document.cookie);
attempt('cookie', () => document.cookie);
attempt('ownStorage', () => localStorage.getItem('secret'));
window.addEventListener('message', (event) => {
  const message = event.data;
  if (!message || message.requestId !== 'q1') return;
  outcome.answer = message.type;
  outcome.rows = message.type === 'platform.result' ? message.result.data.length : message.error.message;
  document.getElementById('outcome').textContent = JSON.stringify(outcome);
});
parent.postMessage({ type: 'platform.query', requestId: 'q1',
  query: { measures: ['orders.count'], dimensions: ['orders.status'] } }, '*');
`;

describeInBrowser('the dashboard page (Chromium)', () => {
  let harness: WebHarness;
  let deploymentId: number;
  let dashboard: PublishedDashboard;
  let appDashboard: PublishedDashboard;
  const contexts: BrowserContext[] = [];

  const api = async <Body>(method: string, url: string, body?: unknown, key?: string): Promise<Body> => {
    const response = await harness.server.request({ method, url, body, key });
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Body;
  };
  const onDeployment = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;

  async function createReport(workbookId: number, body: Record<string, unknown>): Promise<number> {
    return (await api<{ id: number }>('POST', onDeployment('/reports'), { workbookId, ...body })).id;
  }

  async function publish(name: string, config: (workbookId: number) => Promise<unknown>) {
    // Not shared: only its owner (the admin who makes it) and managers see it.
    const workbookId = (
      await api<{ id: number }>('POST', onDeployment('/workbooks'), { name, isShared: false })
    ).id;
    return api<PublishedDashboard>('POST', onDeployment(`/workbooks/${workbookId}/publish`), {
      title: name,
      config: await config(workbookId),
    });
  }

  /** The same run the page makes, through the API, to compare what it drew with. */
  const runWidget = (widgetId: string, input: Record<string, unknown> = {}) =>
    api<RunResult>('POST', onDeployment(`/dashboards/${dashboard.id}/widgets/${widgetId}/run`), input);

  /** A context signed in with an API key (`POST /auth/login`: its session cookie carries every request). */
  async function openAs(key: string, width = 1280) {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: { width, height: 900 },
    });
    contexts.push(context);
    const signedIn = await context.request.post('/auth/login', {
      data: { apiKey: key },
      headers: { origin: harness.baseUrl },
    });
    expect(signedIn.status()).toBe(204);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
    return { context, page, consoleErrors };
  }

  const widget = (page: Page, id: string) => page.locator(`[data-widget-id="${id}"]`);
  const drawnBars = async (page: Page, id: string, input: string) => {
    const chart = widget(page, id);
    await chart.locator(`[data-run-input='${input}'] [data-chart-state="drawn"]`).waitFor();
    return chart.locator('.mark-rect path').count();
  };

  beforeAll(async () => {
    harness = await startWebHarness();
    deploymentId = await findDeploymentId(harness.server, 'demo');
    dashboard = await publish('Sales board', async (workbookId) => {
      const byStatus = await createReport(workbookId, {
        name: 'Orders by status',
        kind: 'vega',
        jsonQuery: { measures: ['orders.count'], dimensions: ['orders.status'] },
        spec: barSpec('orders\\.status', 'nominal'),
      });
      const overTime = await createReport(workbookId, {
        name: 'Orders over time',
        kind: 'vega',
        jsonQuery: {
          measures: ['orders.count'],
          timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
        },
        spec: JSON.stringify(barSpec('orders\\.ordered_at', 'temporal')),
      });
      const byChannel = await createReport(workbookId, {
        name: 'Channels',
        kind: 'table',
        jsonQuery: {
          measures: ['orders.count', 'orders.return_rate'],
          dimensions: ['orders.channel'],
          order: { 'orders.channel': 'asc' },
        },
        preferences: {
          columnFormats: {
            'orders.count': { type: 'number', decimalPlaces: 0 },
            'orders.return_rate': { type: 'percent', decimalPlaces: 1 },
          },
        },
      });
      const total = await createReport(workbookId, {
        name: 'Revenue',
        kind: 'kpi',
        jsonQuery: { measures: ['order_items.revenue'] },
        preferences: { columnFormats: { 'order_items.revenue': { type: 'currency', decimalPlaces: 2 } } },
      });
      const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
      return {
        kind: 'CLASSIC',
        title: 'Sales board',
        layout: { cols: { lg: 12, md: 12, sm: 6 }, rowHeight: 40, margin: [10, 10] },
        theme: { primaryColor: '#2f6f4f', widgets: { border: { radius: '10px' } } },
        widgets: [
          {
            id: 'status-filter',
            type: 'FILTER',
            position: at(0, 0, 4, 2),
            config: {
              title: 'Order status',
              member: 'orders.status',
              values: statuses,
              appliesTo: ['by-status', 'over-time'],
            },
          },
          {
            id: 'grain',
            type: 'TIME_GRAIN',
            position: at(4, 0, 4, 2),
            config: { title: 'Grain', grain: 'month', grains: ['month', 'year'], appliesTo: ['over-time'] },
          },
          { id: 'revenue', type: 'CHART', position: at(8, 0, 4, 3), config: { reportId: total } },
          { id: 'by-status', type: 'CHART', position: at(0, 3, 6, 7), config: { reportId: byStatus } },
          { id: 'over-time', type: 'CHART', position: at(6, 3, 6, 7), config: { reportId: overTime } },
          { id: 'channels', type: 'CHART', position: at(0, 10, 6, 5), config: { reportId: byChannel } },
          {
            id: 'notes',
            type: 'TEXT',
            position: at(6, 10, 6, 4),
            config: {
              markdown:
                '## Notes\n\nOrders **by status**.<script>window.injected = true</script><img src=x onerror="window.injected = true">',
            },
          },
          { id: 'line', type: 'DIVIDER', position: at(0, 15, 12, 1) },
          { id: 'gap', type: 'SPACER', position: at(0, 16, 12, 1) },
          { id: 'box', type: 'CONTAINER', position: at(0, 17, 6, 2), config: { title: 'More' } },
          { id: 'ask', type: 'AI', position: at(6, 17, 6, 3) },
        ],
      };
    });
    appDashboard = await publish('Sales app', async () => ({
      kind: 'APP',
      app: {
        entry: 'index.html',
        files: {
          'index.html':
            '<!doctype html><html><head><link rel="stylesheet" href="app.css"></head><body><h1>Sales app</h1><pre id="outcome">waiting</pre><script src="./app.js"></script></body></html>',
          'app.js': appScript,
          'app.css': 'h1 { color: rgb(47, 111, 79); }',
        },
      },
    }));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await harness?.close();
  });

  it('draws every chart with the rows of its widget run, the table formatted, the KPI and the text', async () => {
    const { page, consoleErrors } = await openAs(harness.server.adminKey);
    await page.goto(`/dashboards/${dashboard.publicId}`);
    await page.getByRole('heading', { level: 1, name: 'Sales board' }).waitFor();

    const byStatus = await runWidget('by-status');
    expect(byStatus.data.length).toBeGreaterThan(1);
    expect(await drawnBars(page, 'by-status', '{}')).toBe(byStatus.data.length);
    const overTime = await runWidget('over-time', { timeGrain: 'month' });
    expect(overTime.data.length).toBeGreaterThan(2);
    expect(await drawnBars(page, 'over-time', '{"timeGrain":"month"}')).toBe(overTime.data.length);

    const channels = await runWidget('channels');
    const table = widget(page, 'channels').locator('table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(channels.data.length);
    const [first] = channels.data;
    const percent = new Intl.NumberFormat('en-US', {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(Number(first?.['orders.return_rate']));
    const firstRow = table.locator('tbody tr').first().locator('td');
    expect(await firstRow.allTextContents()).toEqual([
      String(first?.['orders.channel']),
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Number(first?.['orders.count'])),
      percent,
    ]);

    const revenue = await runWidget('revenue');
    const money = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Number(revenue.data[0]?.['order_items.revenue']));
    expect(await widget(page, 'revenue').locator('.kpi').textContent()).toBe(money);

    const notes = widget(page, 'notes');
    expect(await notes.locator('strong').textContent()).toBe('by status');
    expect(await notes.locator('script, img').count()).toBe(0);
    expect(await page.evaluate('window.injected')).toBeUndefined();
    // An AI widget without a stored thread: just the follow-up form.
    expect(await widget(page, 'ask').getByRole('textbox', { name: 'Ask a follow-up' }).count()).toBe(1);
    expect(await widget(page, 'ask').locator('.ai-message').count()).toBe(0);
    expect(await widget(page, 'box').getByRole('heading', { name: 'More' }).count()).toBe(1);

    // The theme reached the page as variables, and the widgets are reachable by keyboard.
    const primary = await page.evaluate(
      "getComputedStyle(document.querySelector('.dashboard')).getPropertyValue('--dashboard-primary')",
    );
    expect(String(primary).trim()).toBe('#2f6f4f');
    await page.keyboard.press('Tab');
    const focused: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      const active = await page.evaluate(
        "document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? ''",
      );
      focused.push(String(active));
      await page.keyboard.press('Tab');
    }
    expect(focused, focused.join(' | ')).toContain('SELECT');
    expect(
      focused.some((label) => label.startsWith('Orders by status: chart')),
      focused.join(' | '),
    ).toBe(true);

    await harness.screenshot(page, 'dashboard-1280');
    expect(consoleErrors).toEqual([]);
  });

  it('re-runs the charts a filter or a time grain applies to, and only those', async () => {
    const { page, consoleErrors } = await openAs(harness.server.adminKey);
    await page.goto(`/dashboards/${dashboard.publicId}`);
    const allStatuses = await drawnBars(page, 'by-status', '{}');
    await drawnBars(page, 'over-time', '{"timeGrain":"month"}');

    await page.getByRole('combobox', { name: 'Order status' }).selectOption('completed');
    const filter = { member: 'orders.status', operator: 'equals', values: ['completed'] };
    const filtered = await drawnBars(page, 'by-status', JSON.stringify({ filters: [filter] }));
    expect(filtered).toBe((await runWidget('by-status', { filters: [filter] })).data.length);
    expect(filtered).toBeLessThan(allStatuses);
    const monthly = await drawnBars(
      page,
      'over-time',
      JSON.stringify({ filters: [filter], timeGrain: 'month' }),
    );
    expect(monthly).toBe(
      (await runWidget('over-time', { filters: [filter], timeGrain: 'month' })).data.length,
    );
    // The table is not one the filter applies to: it kept its first run.
    expect(await widget(page, 'channels').locator('[data-run-input="{}"]').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Grain' }).selectOption('year');
    const yearly = await drawnBars(
      page,
      'over-time',
      JSON.stringify({ filters: [filter], timeGrain: 'year' }),
    );
    expect(yearly).toBe((await runWidget('over-time', { filters: [filter], timeGrain: 'year' })).data.length);
    expect(yearly).toBeLessThan(monthly);
    expect(consoleErrors).toEqual([]);
  });

  it('lays the widgets out in one column on a phone', async () => {
    const { page, consoleErrors } = await openAs(harness.server.adminKey, 390);
    await page.goto(`/dashboards/${dashboard.publicId}`);
    await drawnBars(page, 'by-status', '{}');
    await drawnBars(page, 'over-time', '{"timeGrain":"month"}');
    const boxes = await Promise.all(
      ['by-status', 'over-time'].map(async (id) => widget(page, id).boundingBox()),
    );
    const [left, right] = boxes;
    // Stacked: same column, one below the other, each (nearly) the page's width.
    expect(left?.x).toBe(right?.x);
    expect((right?.y ?? 0) > (left?.y ?? 0) + (left?.height ?? 0) - 1).toBe(true);
    expect(left?.width ?? 0).toBeGreaterThan(300);
    await harness.screenshot(page, 'dashboard-390');
    expect(consoleErrors).toEqual([]);
  });

  it("shows an AI widget's stored thread to a viewer and streams a follow-up answered in the viewer's own thread", async () => {
    const workbookId = (
      await api<{ id: number }>('POST', onDeployment('/workbooks'), { name: 'Ask the data' })
    ).id;
    const publishAi = (config?: Record<string, unknown>) =>
      api<PublishedDashboard>('POST', onDeployment(`/workbooks/${workbookId}/publish`), {
        title: 'Ask the data',
        config: {
          widgets: [
            {
              id: 'assistant',
              type: 'AI',
              position: { x: 0, y: 0, w: 12, h: 14 },
              ...(config ? { config } : {}),
            },
          ],
        },
      });
    // The thread an editor attaches: the first question, asked through the widget before publishing it.
    const draft = await publishAi();
    const first = await harness.server.request({
      method: 'POST',
      url: onDeployment(`/dashboards/${draft.id}/widgets/assistant/chat`),
      body: { input: 'How many orders are there?' },
    });
    expect(first.status, String(first.body)).toBe(200);
    const firstLines = String(first.body)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { id: string; state?: { chatId?: string } });
    const threadId = firstLines.filter((line) => line.id === '__state__').at(-1)?.state?.chatId;
    if (!threadId) throw new Error(`no __state__ line: ${String(first.body)}`);
    const aiDashboard = await publishAi({ threadId });
    const threadUrl = onDeployment(`/dashboards/${aiDashboard.id}/widgets/assistant/thread`);
    const stored = await api<WidgetThread>('GET', threadUrl);
    const storedAnswer = stored.messages.filter(
      (message) => message.role === 'assistant' && message.content.trim() !== '',
    );
    expect(storedAnswer.length).toBeGreaterThan(0);

    const viewer = await createUserWithKey(harness.server, 'viewer');
    const { page, consoleErrors } = await openAs(viewer.key);
    const chatBodies: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/widgets/assistant/chat'))
        chatBodies.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.goto(`/dashboards/${aiDashboard.publicId}`);
    const assistant = widget(page, 'assistant');
    await assistant.locator('[data-thread-state="ready"]').waitFor();
    expect(await assistant.locator('[data-source="thread"][data-role="user"]').allTextContents()).toEqual([
      'Question: How many orders are there?',
    ]);
    const storedAnswers = assistant.locator('[data-source="thread"][data-role="assistant"]');
    expect(await storedAnswers.count()).toBe(storedAnswer.length);
    expect(((await storedAnswers.last().textContent()) ?? '').replace(/^Answer:\s*/, '').trim()).not.toBe('');

    // A follow-up, typed and sent from the keyboard.
    const question = assistant.getByRole('textbox', { name: 'Ask a follow-up' });
    await question.focus();
    await page.keyboard.type('How many orders by status?');
    await page.keyboard.press('Tab');
    expect(
      await assistant
        .getByRole('button', { name: 'Send' })
        .evaluate((element) => element === element.ownerDocument.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await assistant.locator('[data-chat-state="answered"]').waitFor();
    expect(await assistant.locator('[data-source="follow-up"][data-role="user"]').allTextContents()).toEqual([
      'Question: How many orders by status?',
    ]);
    const answers = assistant.locator('[data-source="follow-up"][data-role="assistant"]');
    expect(await answers.count()).toBeGreaterThan(0);
    expect(((await answers.last().textContent()) ?? '').replace(/^Answer:\s*/, '').trim()).not.toBe('');
    expect(await assistant.locator('[data-in-process="true"]').count()).toBe(0);
    expect(await question.isDisabled()).toBe(false);
    expect(await question.inputValue()).toBe('');
    await harness.screenshot(page, 'dashboard-ai-1280');

    // The next question continues the viewer's own thread, not the stored one.
    await question.fill('And how many were completed?');
    await question.press('Enter');
    await assistant.locator('[data-source="follow-up"][data-role="user"]').nth(1).waitFor();
    await assistant.locator('[data-chat-state="answered"]').waitFor();
    expect(chatBodies.map((body) => body.input)).toEqual([
      'How many orders by status?',
      'And how many were completed?',
    ]);
    expect(chatBodies[0]?.chatId).toBeUndefined();
    expect(typeof chatBodies[1]?.chatId).toBe('string');
    expect(chatBodies[1]?.chatId).not.toBe(threadId);

    // The stored thread is what was published: the viewer's questions went to their own thread.
    const after = await api<WidgetThread>('GET', threadUrl, undefined, viewer.key);
    expect(after.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    expect(after).toEqual(stored);
    expect(consoleErrors).toEqual([]);

    // A question the API refuses before streaming: its message in place, the form usable again.
    await question.fill('x'.repeat(20_001));
    await question.press('Enter');
    await assistant.locator('[data-chat-state="error"]').waitFor();
    expect(await assistant.getByRole('alert').textContent()).toMatch(/The question was not answered:.*input/);
    expect(await question.isDisabled()).toBe(false);
    expect(consoleErrors).toHaveLength(1);
    expect(consoleErrors[0]).toMatch(/400/);
  });

  it('shows the error page to a viewer without rights on the workbook', async () => {
    const viewer = await createUserWithKey(harness.server, 'viewer');
    const answer = await harness.server.request({
      method: 'GET',
      url: `/api/v1/dashboards/by-public-id/${dashboard.publicId}`,
      key: viewer.key,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    const { page, consoleErrors } = await openAs(viewer.key);
    await page.goto(`/dashboards/${dashboard.publicId}`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard not found' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      `dashboard ${dashboard.publicId} not found`,
    );
    expect(await page.locator('[data-widget-id]').count()).toBe(0);
    // The refused request is the one error the browser reports.
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('runs an APP dashboard sandboxed: no access to the page, its storage or cookies; queries through the bridge', async () => {
    const { context, page, consoleErrors } = await openAs(harness.server.adminKey);
    await context.addCookies([{ name: 'probe', value: 'secret-cookie', url: harness.baseUrl }]);
    await page.goto('/login');
    await page.evaluate("localStorage.setItem('secret', 'secret-storage')");
    await page.goto(`/dashboards/${appDashboard.publicId}`);
    const frame = page.frameLocator('iframe[title="Sales app"]');
    await frame.locator('#outcome', { hasText: 'answer' }).waitFor();
    const outcome = JSON.parse((await frame.locator('#outcome').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(outcome.parentStorage).toMatch(/^refused: SecurityError/);
    expect(outcome.parentCookie).toMatch(/^refused: SecurityError/);
    expect(outcome.cookie).toMatch(/^refused: SecurityError/);
    expect(outcome.ownStorage).toMatch(/^refused: SecurityError/);
    expect(JSON.stringify(outcome)).not.toContain('secret-');
    expect(outcome.answer).toBe('platform.result');
    expect(outcome.rows).toBe(
      (
        await api<RunResult>('POST', `/deployments/${deploymentId}/data/v1/load`, {
          query: { measures: ['orders.count'], dimensions: ['orders.status'] },
        })
      ).data.length,
    );
    // The app's stylesheet was inlined from its files.
    const color = await frame.locator('h1').evaluate((element) => {
      const view = (element as unknown as { ownerDocument: { defaultView: StyleReader } }).ownerDocument
        .defaultView;
      return view.getComputedStyle(element).color;
    });
    expect(color).toBe('rgb(47, 111, 79)');
    expect(await page.locator('iframe').getAttribute('sandbox')).toBe('allow-scripts');
    await harness.screenshot(page, 'dashboard-app-1280');
    expect(consoleErrors).toEqual([]);
  });
});
