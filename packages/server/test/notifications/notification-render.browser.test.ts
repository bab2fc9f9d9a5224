import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationRenderOutcome,
  NotificationRenderRequest,
} from '../../src/modules/notifications/notification-content.js';
import { readFiles, waitForBuild } from '../data-model/data-model-helpers.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createToken, deployModel, loadUrl, withToken } from '../semantic-api/semantic-api-helpers.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { describeInBrowser } from '../web/web-browser.js';

const run = promisify(execFile);

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

const tenants = {
  acme: { externalId: 'ada@acme.example', securityContext: { channel: 'web' } },
  globex: { externalId: 'grace@globex.example', securityContext: { channel: 'store' } },
  umbrella: { externalId: 'alice@umbrella.example', securityContext: { channel: 'app' } },
} as const;

type TenantName = keyof typeof tenants;

/** The PDF's text, as Debian's poppler-utils extracts it (.ci/run installs it). */
async function pdfText(pdf: Buffer): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'notification-pdf-'));
  try {
    const path = join(directory, 'render.pdf');
    await writeFile(path, pdf);
    const { stdout } = await run('pdftotext', ['-layout', path, '-']);
    return stdout;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const formatted = (value: number) => new Intl.NumberFormat('en-US').format(value);

describeInBrowser('notification rendering (real Chromium)', () => {
  describe.each(storeEngines)('on %s', (engine: StoreEngine) => {
    let server: TestServer;
    let deploymentId: number;
    let accountId: number;
    let adminUserId: number;
    let dashboard: { id: number; publicId: string; workbookId: number };
    const expectedOrders: Record<string, number> = {};
    const controller = new AbortController();

    const api = async <Body>(method: string, url: string, body?: unknown): Promise<Body> => {
      const response = await server.request({ method, url, body });
      if (response.status >= 300)
        throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as Body;
    };
    const onDeployment = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;
    const renderer = () => server.container.services.notificationRenderer;
    const request = (overrides: Partial<NotificationRenderRequest>): NotificationRenderRequest => ({
      accountId,
      deploymentId,
      dashboardId: dashboard.id,
      notificationName: 'Weekly orders',
      format: 'html',
      filters: null,
      timeGrains: null,
      viewer: { kind: 'user', userId: adminUserId },
      ...overrides,
    });
    const content = async (overrides: Partial<NotificationRenderRequest>) => {
      const outcome: NotificationRenderOutcome = await renderer().render(
        request(overrides),
        controller.signal,
      );
      if (outcome.kind !== 'content') throw new Error(`denied: ${outcome.reason}`);
      return outcome.content;
    };
    const embedViewer = (tenant: TenantName) =>
      ({ kind: 'embedUser', embedTenantName: tenant, externalId: tenants[tenant].externalId }) as const;

    beforeAll(async () => {
      server = await startTestServer({ engine, environment: { PLATFORM_RENDER_TIMEOUT_SECONDS: '60' } });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      server.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      deploymentId = await findDeploymentId(server, 'demo');
      const me = await api<{ id: number; account: { id: number } }>('GET', '/api/v1/users/me');
      accountId = me.account.id;
      adminUserId = me.id;
      const base = `/build/api/v1/deployments/${deploymentId}`;
      const files = await readFiles(server, base);
      const [ordersPath, ordersText] =
        Object.entries(files).find(([, text]) => /- name: orders\n\s+sql_table: orders\n/.test(text)) ?? [];
      if (!ordersPath || !ordersText) throw new Error(`no orders cube in ${Object.keys(files).join(', ')}`);
      await deployModel(server, deploymentId, {
        [ordersPath]: ordersText.replace(/(- name: orders\n\s+sql_table: orders\n)/, `$1${channelPolicy}`),
      });
      await waitForBuild(server, deploymentId, 'main');

      // Not shared: an account user other than its owner and admins sees it only through a grant.
      const workbook = await api<{ id: number }>('POST', onDeployment('/workbooks'), {
        name: 'Orders board',
        isShared: false,
      });
      const report = async (body: Record<string, unknown>) =>
        (await api<{ id: number }>('POST', onDeployment('/reports'), { workbookId: workbook.id, ...body }))
          .id;
      const orders = await report({ name: 'Orders', kind: 'kpi', jsonQuery: { measures: ['orders.count'] } });
      const byStatus = await report({
        name: 'Orders by status',
        kind: 'table',
        jsonQuery: {
          measures: ['orders.count'],
          dimensions: ['orders.status'],
          order: { 'orders.status': 'asc' },
        },
      });
      const byMonth = await report({
        name: 'Orders by month',
        kind: 'table',
        jsonQuery: {
          measures: ['orders.count'],
          timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
          order: [['orders.ordered_at', 'asc']],
        },
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
            {
              id: 'status',
              type: 'FILTER',
              position: at(0, 3, 4, 2),
              config: { member: 'orders.status', appliesTo: ['orders', 'by-status'] },
            },
            { id: 'by-month', type: 'CHART', position: at(0, 6, 12, 6), config: { reportId: byMonth } },
            {
              id: 'grain',
              type: 'TIME_GRAIN',
              position: at(0, 5, 4, 1),
              config: { grains: ['month', 'year'], appliesTo: ['by-month'] },
            },
          ],
        },
      });
      await api('PUT', '/api/v1/tenant/settings', { embedding: { enabled: true } });
      // Sessions (generate-session) leave each tenant's user their claims; umbrella may not read.
      for (const tenant of Object.keys(tenants) as TenantName[]) {
        await api('POST', '/api/v1/embed/generate-session', {
          deploymentId,
          externalId: tenants[tenant].externalId,
          embedTenantName: tenant,
          securityContext: tenants[tenant].securityContext,
        });
      }
      const access = onDeployment(`/workbooks/${dashboard.workbookId}/embed-access`);
      await api('PUT', access, { embedTenantName: 'acme', action: 'read', allowEmbed: true });
      await api('PUT', access, { embedTenantName: 'globex', action: 'read' });
      await api('PUT', access, { embedTenantName: 'umbrella', action: 'none' });

      const count = async (headers: { key?: string | null; headers?: Record<string, string> }) => {
        const answer = await server.request({
          method: 'GET',
          url: loadUrl(deploymentId, { measures: ['orders.count'] }),
          ...headers,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return Number((answer.body as { data: Array<Record<string, unknown>> }).data[0]?.['orders.count']);
      };
      expectedOrders.admin = await count({});
      for (const tenant of ['acme', 'globex'] as const) {
        const token = await createToken(server, deploymentId, {
          securityContext: tenants[tenant].securityContext,
        });
        expectedOrders[tenant] = await count(withToken(token));
      }
    }, 180_000);

    afterAll(async () => {
      await server?.close();
    });

    it('prints the KPI the data API counts for each recipient into the PDF: the account user and two embed tenants', async () => {
      expect(expectedOrders.acme).not.toBe(expectedOrders.globex);
      for (const [viewer, expected] of [
        [{ kind: 'user', userId: adminUserId }, expectedOrders.admin],
        [embedViewer('acme'), expectedOrders.acme],
        [embedViewer('globex'), expectedOrders.globex],
      ] as const) {
        const rendered = await content({ format: 'pdf', viewer });
        const [pdf] = rendered.attachments;
        expect(pdf?.contentType).toBe('application/pdf');
        expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(pdf?.content ?? Buffer.alloc(0));
        expect(text).toContain('Orders board');
        expect(text.replaceAll(/\s+/g, ' ')).toContain(formatted(expected as number));
        expect(rendered.keyNumbers).toEqual([
          { widgetId: 'orders', title: 'Orders', value: formatted(expected as number) },
        ]);
      }
    }, 120_000);

    it('renders a real PNG of the whole page, sharing one warm browser across renders', async () => {
      const browser = server.container.services.dashboardBrowser;
      const launchesBefore = browser.launches;
      const first = await content({ format: 'png' });
      const second = await content({ format: 'png', viewer: embedViewer('acme') });
      expect(browser.launches - launchesBefore).toBeLessThanOrEqual(1);
      expect(browser.launches).toBe(1);
      for (const rendered of [first, second]) {
        const [file] = rendered.attachments;
        expect(file?.contentType).toBe('image/png');
        const png = PNG.sync.read(file?.content ?? Buffer.alloc(0));
        expect(png.width).toBe(1280);
        expect(png.height).toBeGreaterThanOrEqual(400);
        const colours = new Set<number>();
        for (let offset = 0; offset < png.data.length; offset += 4 * 7) {
          colours.add(png.data.readUInt32BE(offset));
        }
        expect(colours.size).toBeGreaterThan(20);
      }
    }, 120_000);

    it('denies a user without access, a deactivated user, a refused tenant, an embed user with no session, and an archived dashboard', async () => {
      const viewer = await createUserWithKey(server, 'viewer');
      const refused = await renderer().render(
        request({ viewer: { kind: 'user', userId: viewer.userId } }),
        controller.signal,
      );
      expect(refused).toEqual({
        kind: 'denied',
        reason: `user ${viewer.userId} may not see dashboard ${dashboard.id}: dashboard ${dashboard.id} not found`,
      });
      // A grant on the dashboard (a resource policy) opens it to them, with their own rows.
      await api('PUT', '/api/v1/resource-policies/user', {
        resourceType: 'dashboard',
        resourceId: dashboard.id,
        userId: viewer.userId,
        action: 'view',
      });
      const granted = await content({ format: 'html', viewer: { kind: 'user', userId: viewer.userId } });
      const answer = await server.request({
        method: 'GET',
        url: loadUrl(deploymentId, { measures: ['orders.count'] }),
        key: viewer.key,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const viewerOrders = Number(
        (answer.body as { data: Array<Record<string, unknown>> }).data[0]?.['orders.count'],
      );
      expect(granted.keyNumbers).toEqual([
        { widgetId: 'orders', title: 'Orders', value: formatted(viewerOrders) },
      ]);

      const gone = await createUserWithKey(server, 'admin');
      await api('PUT', `/api/v1/users/${gone.userId}`, { status: 'inactive' });
      const deactivated = await renderer().render(
        request({ viewer: { kind: 'user', userId: gone.userId } }),
        controller.signal,
      );
      expect(deactivated).toEqual({
        kind: 'denied',
        reason: `user ${gone.userId} is deactivated or no longer a user of the account`,
      });

      const umbrella = await renderer().render(
        request({ viewer: embedViewer('umbrella') }),
        controller.signal,
      );
      expect(umbrella.kind).toBe('denied');
      expect(umbrella.kind === 'denied' ? umbrella.reason : '').toContain('refuses this user');

      await api('PUT', '/api/v1/tenant/settings', { embedding: { enabled: false } });
      const switchedOff = await renderer().render(
        request({ viewer: embedViewer('acme') }),
        controller.signal,
      );
      await api('PUT', '/api/v1/tenant/settings', { embedding: { enabled: true } });
      expect(switchedOff).toEqual({
        kind: 'denied',
        reason:
          'embedding is disabled for the account, so embed user "ada@acme.example" of tenant "acme" sees nothing',
      });

      const stranger = await renderer().render(
        request({
          viewer: { kind: 'embedUser', embedTenantName: 'acme', externalId: 'nobody@acme.example' },
        }),
        controller.signal,
      );
      expect(stranger).toEqual({
        kind: 'denied',
        reason: 'embed user "nobody@acme.example" of tenant "acme" does not exist (or has expired)',
      });

      const archivedBoard = await api<{ id: number }>('POST', onDeployment('/workbooks'), {
        name: 'Old board',
      });
      const old = await api<{ id: number }>('POST', onDeployment(`/workbooks/${archivedBoard.id}/publish`), {
        title: 'Old board',
        config: { kind: 'CLASSIC', title: 'Old board', widgets: [] },
      });
      await api('PUT', onDeployment(`/dashboards/${old.id}`), { status: 'archived' });
      const archived = await renderer().render(request({ dashboardId: old.id }), controller.signal);
      expect(archived).toEqual({ kind: 'denied', reason: `dashboard ${old.id} is archived` });
    }, 60_000);

    it('says why an embed user who never opened a session gets nothing', async () => {
      // An embed user the tenants API knows of (a chat user placed in the tenant), with no session yet.
      const { services, platform } = server.container;
      const user = await services.chatUsers.provisionExternal(accountId, {
        externalId: 'new@acme.example',
        email: null,
      });
      await platform.store.database.execute(
        `insert into embed_users (chat_user_id, tenant_id) select ${user.id}, id from embed_tenants where name = 'acme' and account_id = ${accountId}` as never,
      );
      const outcome = await renderer().render(
        request({ viewer: { kind: 'embedUser', embedTenantName: 'acme', externalId: 'new@acme.example' } }),
        controller.signal,
      );
      expect(outcome).toEqual({
        kind: 'denied',
        reason:
          'embed user "new@acme.example" of tenant "acme" has not opened an embedded dashboard yet, so the rows they may see are unknown',
      });
    });

    it("attaches one CSV per chart widget with the viewer's rows; filters and time grains change them", async () => {
      const all = await content({ format: 'csv', viewer: embedViewer('globex') });
      expect(all.attachments.map((file) => file.filename)).toEqual([
        'Orders.csv',
        'Orders-by-status.csv',
        'Orders-by-month.csv',
      ]);
      expect(all.attachments.every((file) => file.contentType === 'text/csv; charset=utf-8')).toBe(true);
      const [kpi, table] = all.attachments.map((file) => file.content.toString('utf8'));
      expect(kpi).toBe(`orders.count\r\n${expectedOrders.globex}\r\n`);
      const statuses = (table ?? '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(statuses.length).toBeGreaterThan(1);
      const status = statuses[0] as string;
      const filtered = await content({
        format: 'csv',
        viewer: embedViewer('globex'),
        filters: [{ widgetId: 'status', values: [status] }],
      });
      const filteredTable = filtered.attachments[1]?.content.toString('utf8') ?? '';
      expect(
        filteredTable
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[0]),
      ).toEqual([status]);
      const filteredKpi = Number(filtered.attachments[0]?.content.toString('utf8').trim().split('\r\n')[1]);
      expect(filteredKpi).toBeLessThan(expectedOrders.globex as number);

      const monthly = all.attachments[2]?.content.toString('utf8') ?? '';
      const yearly =
        (
          await content({
            format: 'csv',
            viewer: embedViewer('globex'),
            timeGrains: [{ widgetId: 'grain', grain: 'year' }],
          })
        ).attachments[2]?.content.toString('utf8') ?? '';
      expect(monthly.split('\r\n')[0]).toContain('orders.ordered_at');
      expect(yearly.split('\r\n')[0]).toContain('orders.ordered_at.year');
      const rowsOf = (csv: string) => csv.trim().split('\r\n').length - 1;
      expect(rowsOf(yearly)).toBeLessThan(rowsOf(monthly));
      const totalOf = (csv: string) =>
        csv
          .trim()
          .split('\r\n')
          .slice(1)
          .reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
      expect(totalOf(yearly)).toBe(expectedOrders.globex);
    });

    it('denies the CSV of a dashboard that restricts downloads to an embed user, who holds no DownloadData', async () => {
      const restrict = (restrictDataDownload: boolean) =>
        api('PUT', onDeployment(`/dashboards/${dashboard.id}`), { restrictDataDownload });
      await restrict(true);
      try {
        const refused = await renderer().render(
          request({ format: 'csv', viewer: embedViewer('acme') }),
          controller.signal,
        );
        expect(refused.kind).toBe('denied');
        expect(refused.kind === 'denied' ? refused.reason : '').toMatch(
          /^embed user "ada@acme.example" of tenant "acme" may not see dashboard \d+: .*restricts data downloads/,
        );
        // The account's admin holds DownloadData: their CSV is sent.
        expect((await content({ format: 'csv' })).attachments).toHaveLength(3);
      } finally {
        await restrict(false);
      }
    });

    it('writes an e-mail-safe summary: the key numbers, a table, the link, no script', async () => {
      const rendered = await content({ format: 'html', viewer: embedViewer('acme') });
      expect(rendered.subject).toBe('Weekly orders: Orders board');
      expect(rendered.attachments).toEqual([]);
      expect(rendered.html).toContain(formatted(expectedOrders.acme as number));
      expect(rendered.html).toContain('Orders by status');
      expect(rendered.html).not.toMatch(/<script|<img|<link|<style/i);
      expect(rendered.text).toContain(`Orders: ${formatted(expectedOrders.acme as number)}`);
      // An embed user cannot sign in to the app: no link to it, a pointer to the host application.
      expect(rendered.dashboardUrl).toBeNull();
      expect(rendered.html).not.toContain('href=');
      expect(rendered.text).toContain('in the application where you usually see it');

      const forUser = await content({ format: 'html', viewer: { kind: 'user', userId: adminUserId } });
      expect(forUser.dashboardUrl).toBe(`${server.config.publicUrl}/dashboards/${dashboard.publicId}`);
      expect(forUser.html).toContain(`href="${forUser.dashboardUrl}"`);
      expect(forUser.text).toContain(forUser.dashboardUrl);
    });
  });
});
