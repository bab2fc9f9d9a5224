import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { BrowserContext, FrameLocator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildChatApp } from '../../src/app.js';
import { readFiles, waitForBuild } from '../data-model/data-model-helpers.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createToken, deployModel, loadUrl, withToken } from '../semantic-api/semantic-api-helpers.js';
import { startExampleEmbedHost } from './example-embed-host.js';
import { describeInBrowser, startWebHarness, type WebHarness } from './web-browser.js';

/** Every embed user sees only the orders of the channel their session's security context names. */
const channelPolicy = `    access_policy:
      - group: admin
      - group: "*"
        row_level:
          filters:
            - member: channel
              operator: equals
              values: ["{ securityContext.channel }"]
`;

/** The example host's customers: three embed tenants, each a channel of the demo's orders. */
const customers = {
  acme: {
    name: 'Acme Corp',
    user: { id: 'ada@acme.example', name: 'Ada' },
    securityContext: { channel: 'web' },
    locale: 'en-US',
    timezone: 'America/New_York',
  },
  globex: {
    name: 'Globex',
    user: { id: 'grace@globex.example', name: 'Grace' },
    securityContext: { channel: 'store' },
    locale: 'de-DE',
    timezone: 'Europe/Berlin',
  },
  umbrella: {
    name: 'Umbrella',
    user: { id: 'alice@umbrella.example', name: 'Alice' },
    securityContext: { channel: 'app' },
  },
} as const;

type CustomerId = keyof typeof customers;

interface RunResult {
  schema: Array<{ name: string; column_type: string }>;
  data: Array<Record<string, unknown>>;
}

describeInBrowser('the embed page in the example host (Chromium)', () => {
  let harness: WebHarness;
  let chatApp: FastifyInstance;
  let host: { child: ChildProcess; port: number };
  let deploymentId: number;
  let dashboard: { id: number; publicId: string; workbookId: number };
  /** What the data API answers under each customer's security context. */
  const expected: Record<string, { orders: number; byStatus: RunResult['data'] }> = {};
  const contexts: BrowserContext[] = [];

  const api = async <Body>(method: string, url: string, body?: unknown): Promise<Body> => {
    const response = await harness.server.request({ method, url, body });
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Body;
  };
  const onDeployment = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;
  const hostUrl = (origin: '127.0.0.1' | 'localhost', customer: CustomerId) =>
    `http://${origin}:${host.port}/?customer=${customer}`;

  async function generateSession(customer: CustomerId, overrides: Record<string, unknown> = {}) {
    const { user, securityContext, name } = customers[customer];
    return api<{ sessionId: string }>('POST', '/api/v1/embed/generate-session', {
      deploymentId,
      externalId: user.id,
      embedTenantName: customer,
      embedTenantProfile: { displayName: name },
      securityContext,
      settings: { showDashboardChat: true },
      ...overrides,
    });
  }

  const exchange = (sessionId: string) =>
    harness.server.request({
      method: 'POST',
      url: '/api/v1/embed/session/token',
      key: null,
      body: { sessionId },
    });

  /** A fresh context (no cookie of the platform) and its page, recording console errors and API requests. */
  async function openPage(width = 1280) {
    const context = await harness.browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    const apiRequests: Request[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
    page.on('request', (request) => {
      if (request.url().startsWith(harness.baseUrl) && new URL(request.url()).pathname.startsWith('/api/')) {
        apiRequests.push(request);
      }
    });
    return { context, page, consoleErrors, apiRequests };
  }

  const embedFrame = (page: Page): FrameLocator => page.frameLocator('iframe');

  beforeAll(async () => {
    harness = await startWebHarness();
    const { server } = harness;
    // The Chat API on its own listener, as a real start has it; the embed page's chat panel calls it.
    chatApp = buildChatApp(server.container);
    await chatApp.listen({ port: 0, host: '127.0.0.1' });
    server.config.chatPublicUrl = `http://127.0.0.1:${(chatApp.server.address() as AddressInfo).port}`;

    deploymentId = await findDeploymentId(server, 'demo');
    // The demo's orders, filtered by the security context's channel (admins see every row).
    const base = `/build/api/v1/deployments/${deploymentId}`;
    const files = await readFiles(server, base);
    const [ordersPath, ordersText] =
      Object.entries(files).find(([, text]) => /- name: orders\n\s+sql_table: orders\n/.test(text)) ?? [];
    if (!ordersPath || !ordersText) throw new Error(`no orders cube in ${Object.keys(files).join(', ')}`);
    await deployModel(server, deploymentId, {
      [ordersPath]: ordersText.replace(/(- name: orders\n\s+sql_table: orders\n)/, `$1${channelPolicy}`),
    });
    await waitForBuild(server, deploymentId, 'main');

    // A dashboard of a KPI and a table.
    const workbook = await api<{ id: number }>('POST', onDeployment('/workbooks'), { name: 'Orders board' });
    const report = async (body: Record<string, unknown>) =>
      (await api<{ id: number }>('POST', onDeployment('/reports'), { workbookId: workbook.id, ...body })).id;
    const orders = await report({ name: 'Orders', kind: 'kpi', jsonQuery: { measures: ['orders.count'] } });
    const byStatus = await report({
      name: 'Orders by status',
      kind: 'table',
      jsonQuery: {
        measures: ['orders.count', 'orders.return_rate'],
        dimensions: ['orders.status'],
        order: { 'orders.status': 'asc' },
      },
      preferences: { columnFormats: { 'orders.return_rate': { type: 'percent', decimalPlaces: 1 } } },
    });
    const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
    dashboard = await api('POST', onDeployment(`/workbooks/${workbook.id}/publish`), {
      title: 'Orders board',
      config: {
        kind: 'CLASSIC',
        title: 'Orders board',
        widgets: [
          { id: 'orders', type: 'CHART', position: at(0, 0, 4, 3), config: { reportId: orders } },
          { id: 'by-status', type: 'CHART', position: at(4, 0, 8, 6), config: { reportId: byStatus } },
        ],
      },
    });

    // The tenants exist once a session names them; acme and globex may read, umbrella may not.
    for (const customer of Object.keys(customers) as CustomerId[]) await generateSession(customer);
    const access = onDeployment(`/workbooks/${dashboard.workbookId}/embed-access`);
    await api('PUT', access, { embedTenantName: 'acme', action: 'read', allowEmbed: true });
    await api('PUT', access, { embedTenantName: 'globex', action: 'read' });
    await api('PUT', access, { embedTenantName: 'umbrella', action: 'none' });

    for (const customer of ['acme', 'globex'] as const) {
      const token = await createToken(server, deploymentId, {
        securityContext: customers[customer].securityContext,
      });
      const load = async (query: unknown) => {
        const answer = await server.request({
          method: 'GET',
          url: loadUrl(deploymentId, query),
          ...withToken(token),
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return (answer.body as RunResult).data;
      };
      const [total] = await load({ measures: ['orders.count'] });
      expected[customer] = {
        orders: Number(total?.['orders.count']),
        byStatus: await load({
          measures: ['orders.count', 'orders.return_rate'],
          dimensions: ['orders.status'],
          order: { 'orders.status': 'asc' },
        }),
      };
    }

    // The example host, holding the admin key; only its 127.0.0.1 origin may frame the embed page.
    host = await startExampleEmbedHost({
      PLATFORM_URL: harness.baseUrl,
      PLATFORM_API_KEY: server.adminKey,
      DASHBOARD_PUBLIC_ID: dashboard.publicId,
      PORT: '0',
      HOST: '127.0.0.1',
      EMBED_SETUP: '0',
      EMBED_CUSTOMERS: JSON.stringify(customers),
    });
    await api('PUT', '/api/v1/tenant/settings', {
      embedding: { enabled: true, allowedOrigins: [`http://127.0.0.1:${host.port}`] },
    });
  }, 120_000);

  afterAll(async () => {
    host?.child.kill();
    for (const context of contexts) await context.close();
    await chatApp?.close();
    await harness?.close();
  });

  it("shows each tenant's user only their tenant's rows, as the data API counts them under their security context", async () => {
    const shown: Record<string, number> = {};
    for (const customer of ['acme', 'globex'] as const) {
      const { context, page, consoleErrors, apiRequests } = await openPage();
      await page.goto(hostUrl('127.0.0.1', customer));
      const frame = embedFrame(page);
      await frame.locator('[data-embed-state="ready"]').waitFor();
      const kpi = frame.locator('[data-widget-id="orders"] .kpi');
      await kpi.waitFor();
      shown[customer] = Number(await kpi.getAttribute('data-value'));
      expect(shown[customer]).toBe(expected[customer]?.orders);
      // The table: one row per status the data API answers for this tenant.
      const table = frame.locator('[data-widget-id="by-status"] [data-run-state="ready"]');
      await table.waitFor();
      expect(Number(await table.getAttribute('data-rows'))).toBe(expected[customer]?.byStatus.length);
      const firstCount = await frame
        .locator('[data-widget-id="by-status"] tbody tr')
        .first()
        .locator('td')
        .nth(1)
        .textContent();
      expect(Number(firstCount?.replace(/\D/g, ''))).toBe(
        Number(expected[customer]?.byStatus[0]?.['orders.count']),
      );
      // The session's locale writes the numbers: a German percent has a decimal comma.
      const rate = await frame
        .locator('[data-widget-id="by-status"] tbody tr')
        .first()
        .locator('td')
        .nth(2)
        .textContent();
      expect(rate).toMatch(customer === 'globex' ? /^\d+,\d\s%$/ : /^\d+\.\d%$/);
      // No app chrome, no cookie: every API request carried the embed token as a Bearer credential.
      expect(await frame.locator('.top-bar').count()).toBe(0);
      expect(await context.cookies(harness.baseUrl)).toEqual([]);
      expect(apiRequests.length).toBeGreaterThanOrEqual(3);
      for (const request of apiRequests) {
        const headers = await request.allHeaders();
        expect(headers.authorization, request.url()).toMatch(/^Bearer ey/);
        expect(headers.cookie).toBeUndefined();
        expect(headers['x-platform-csrf']).toBeUndefined();
      }
      await harness.screenshot(page, `embed-${customer}-1280`);
      expect(consoleErrors).toEqual([]);
    }
    expect(shown.acme).not.toBe(shown.globex);
  });

  it('shows a user whose tenant has `none` that they have no access', async () => {
    const { page, consoleErrors } = await openPage();
    await page.goto(hostUrl('127.0.0.1', 'umbrella'));
    const frame = embedFrame(page);
    await frame.locator('[data-embed-state="no-access"]').waitFor();
    expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe(
      'You do not have access to this dashboard',
    );
    expect(await frame.locator('[data-widget-id]').count()).toBe(0);
    // The refused request is the one error the browser reports.
    expect(consoleErrors.filter((error) => !error.includes('403'))).toEqual([]);
  });

  it('says embedding is disabled when the dashboard does not allow it, and when the account turned it off', async () => {
    const { page, consoleErrors } = await openPage();
    await api('PATCH', `/api/v1/embed/dashboard/${dashboard.publicId}`, { allowEmbed: false });
    try {
      await page.goto(hostUrl('127.0.0.1', 'acme'));
      await embedFrame(page).locator('[data-embed-state="disabled"]').waitFor();
      expect(await embedFrame(page).getByRole('heading', { level: 1 }).textContent()).toBe(
        'Embedding is disabled for this dashboard',
      );
    } finally {
      await api('PATCH', `/api/v1/embed/dashboard/${dashboard.publicId}`, { allowEmbed: true });
    }
    const allowedOrigins = [`http://127.0.0.1:${host.port}`];
    await api('PUT', '/api/v1/tenant/settings', { embedding: { enabled: false, allowedOrigins } });
    try {
      // generate-session is closed too: the host says so instead of framing the page.
      await page.goto(hostUrl('127.0.0.1', 'acme'));
      expect(await page.getByRole('alert').textContent()).toMatch(/embedding is disabled/);
      // The page itself answers 403 with a page saying so, still framed by the allowed origin.
      await page.setContent(
        `<iframe src="${harness.baseUrl}/embed/dashboard/${dashboard.publicId}"></iframe>`,
      );
      await embedFrame(page).getByRole('heading', { name: 'Embedding is disabled' }).waitFor();
    } finally {
      await api('PUT', '/api/v1/tenant/settings', { embedding: { enabled: true, allowedOrigins } });
    }
    expect(consoleErrors.filter((error) => !error.includes('403'))).toEqual([]);
  });

  it('refuses a session exchanged twice and shows a tampered token as invalid; takes ?token= out of the address', async () => {
    const { sessionId } = await generateSession('acme');
    const first = await exchange(sessionId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await exchange(sessionId);
    expect(second.status, JSON.stringify(second.body)).toBe(401);
    const token = (first.body as { token: string }).token;

    const { page, consoleErrors } = await openPage();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as {
      embed: { securityContext: Record<string, unknown> };
    };
    claims.embed.securityContext = { channel: 'store' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await page.goto(`${harness.baseUrl}/embed/dashboard/${dashboard.publicId}#token=${tampered}`);
    await page.locator('[data-embed-state="invalid-token"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This link has expired or is not valid',
    );
    expect(consoleErrors.filter((error) => !error.includes('401'))).toEqual([]);

    await page.goto(`${harness.baseUrl}/embed/dashboard/${dashboard.publicId}`);
    await page.locator('[data-embed-state="no-token"]').waitFor();

    // The good token in the query: used, and gone from the address bar at once.
    await page.goto(`${harness.baseUrl}/embed/dashboard/${dashboard.publicId}?token=${token}`);
    await page.locator('[data-embed-state="ready"]').waitFor();
    expect(page.url()).toBe(`${harness.baseUrl}/embed/dashboard/${dashboard.publicId}`);
    expect(Number(await page.locator('[data-widget-id="orders"] .kpi').getAttribute('data-value'))).toBe(
      expected.acme?.orders,
    );
  });

  it("opens with the customer's own JWT (#platformToken), exchanged for an embed token first", async () => {
    const secret = 'embed-page-customer-secret-long-enough-for-hs256';
    await api('PUT', `/api/v1/deployments/${deploymentId}/chat-auth`, { enabled: true, secret });
    const jwt = await new SignJWT({
      externalId: 'pt-user',
      scope: ['chat'],
      embedTenantName: 'globex',
      channel: 'store',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    const { page, consoleErrors, apiRequests } = await openPage();
    await page.goto(`${harness.baseUrl}/embed/dashboard/${dashboard.publicId}#platformToken=${jwt}`);
    await page.locator('[data-embed-state="ready"]').waitFor();
    const kpi = page.locator('[data-widget-id="orders"] .kpi');
    await kpi.waitFor();
    expect(Number(await kpi.getAttribute('data-value'))).toBe(expected.globex?.orders);
    const [exchanged, ...rest] = apiRequests;
    expect(new URL(exchanged?.url() ?? '').pathname).toBe('/api/v1/embed/platform-token');
    expect((await exchanged?.allHeaders())?.authorization).toBeUndefined();
    for (const request of rest)
      expect((await request.allHeaders()).authorization, request.url()).toMatch(/^Bearer ey/);
    expect(consoleErrors).toEqual([]);
  });

  it("answers the chat panel's question with the tenant's numbers only", async () => {
    const { page, consoleErrors } = await openPage();
    await page.goto(hostUrl('127.0.0.1', 'acme'));
    const frame = embedFrame(page);
    await frame.locator('[data-embed-state="ready"]').waitFor();
    const chat = frame.locator('.embed-chat');
    await chat.getByLabel('Your question').fill('How many orders are there?');
    await chat.getByLabel('Your question').press('Enter');
    await frame.locator('.embed-chat[data-chat-state="answered"]').waitFor({ timeout: 60_000 });
    const answer = (await chat.locator('[data-role="assistant"]').last().textContent()) ?? '';
    const number = /\d[\d,]*/.exec(answer.replace(/^Answer:\s*/, ''))?.[0];
    expect(Number(number?.replaceAll(',', '')), answer).toBe(expected.acme?.orders);
    await harness.screenshot(page, 'embed-chat-1280');
    expect(consoleErrors).toEqual([]);
  });

  it('is framed by an allowed origin and refused by another', async () => {
    const allowed = await openPage();
    await allowed.page.goto(hostUrl('127.0.0.1', 'acme'));
    await embedFrame(allowed.page).locator('[data-embed-state="ready"]').waitFor();
    expect(allowed.consoleErrors).toEqual([]);

    // The same host on another origin (localhost): the embed page's frame-ancestors refuse it.
    const refused = await openPage();
    const violation = refused.page.waitForEvent('console', (message) =>
      message.text().includes('frame-ancestors'),
    );
    await refused.page.goto(hostUrl('localhost', 'acme'));
    await violation;
    const frame = refused.page.frames().find((candidate) => candidate !== refused.page.mainFrame());
    expect(await frame?.locator('[data-embed-state]').count()).toBe(0);
    expect(refused.consoleErrors.filter((error) => !error.includes('frame-ancestors'))).toEqual([]);
  });
});
