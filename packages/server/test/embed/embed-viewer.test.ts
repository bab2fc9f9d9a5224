import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedGroupsTable, embedTenantsTable } from '../../src/modules/embed/embed.tables.js';
import { startDevMode, writeFiles } from '../data-model/data-model-helpers.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { createToken, loadUrl, shopModel, withToken } from '../semantic-api/semantic-api-helpers.js';
import { createShopWarehouse, type ShopWarehouse } from '../semantic-api/shop-warehouse.js';
import {
  createOtherAccount,
  createUserWithKey,
  startTestServer,
  type TestServer,
} from '../support/test-server.js';
import { embedTokenFor } from './embed-test-support.js';
import { adminAccountId, createEmbedTenant, createEmbedViewer } from './embed-viewer-fixtures.js';

type Row = Record<string, unknown>;

/** Admins see every order; customers only the orders of the status their security context names. */
const customerPolicy = `    access_policy:
      - group: admin
      - group: customer
        row_level:
          filters:
            - member: status
              operator: equals
              values: ["{ securityContext.status }"]
`;

function shopWithPolicy(tablePrefix: string): Record<string, string> {
  const model = shopModel(tablePrefix);
  return { ...model, 'model/cubes/orders.yml': `${model['model/cubes/orders.yml'] ?? ''}${customerPolicy}` };
}

const byStatus = {
  measures: ['orders.count'],
  dimensions: ['orders.status'],
  order: [['orders.status', 'asc']],
};
const position = { x: 0, y: 0, w: 6, h: 4 };

/**
 * Opening dashboards with an embed token: the scheme (what it takes and refuses), and widget runs as the
 * embed user, whose security context decides the rows as it does for the data API.
 */
describe('embed tokens on the dashboard page operations', () => {
  let server: TestServer;
  let shop: ShopWarehouse;
  let accountId: number;
  let dashboard: { id: number; publicId: string; workbookId: number };
  let acme: { id: number; name: string };
  let globex: { id: number; name: string };

  const runUrl = (
    widgetId: string,
    format?: string,
    dashboardId = dashboard.id,
    deploymentId = shop.deploymentId,
  ) =>
    `/api/v1/deployments/${deploymentId}/dashboards/${dashboardId}/widgets/${widgetId}/run${format ? `?format=${format}` : ''}`;

  function openDashboard(token: string | null, publicId = dashboard.publicId) {
    return server.request({ method: 'GET', url: `/api/v1/embed/dashboard/${publicId}`, key: token });
  }

  function run(token: string, widgetId = 'by-status', format?: string) {
    return server.request({ method: 'POST', url: runUrl(widgetId, format), body: {}, key: token });
  }

  async function rowsOf(token: string): Promise<Row[]> {
    const answer = await run(token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: Row[] }).data;
  }

  async function loadAs(securityContext: Record<string, unknown>): Promise<Row[]> {
    const token = await createToken(server, shop.deploymentId, { groups: ['customer'], securityContext });
    const answer = await server.request({
      method: 'GET',
      url: loadUrl(shop.deploymentId, byStatus),
      ...withToken(token),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: Row[] }).data;
  }

  function customer(tenant: { id: number; name: string }, status: string, extra = {}) {
    return createEmbedViewer(server, {
      accountId,
      deploymentId: shop.deploymentId,
      tenant,
      groups: ['customer'],
      securityContext: { status },
      ...extra,
    });
  }

  async function setTenantSettings(body: Record<string, unknown>) {
    const answer = await server.request({ method: 'PUT', url: '/api/v1/tenant/settings', body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  beforeAll(async () => {
    server = await startTestServer();
    shop = await createShopWarehouse(server, 'duckdb', shopWithPolicy);
    accountId = await adminAccountId(server);
    const base = `/api/v1/deployments/${shop.deploymentId}`;
    const report = await server.request({
      method: 'POST',
      url: `${base}/reports`,
      body: { name: 'Orders by status', jsonQuery: byStatus },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const workbook = await server.request({
      method: 'POST',
      url: `${base}/workbooks`,
      body: { name: 'Orders' },
    });
    const workbookId = (workbook.body as { id: number }).id;
    const published = await server.request({
      method: 'POST',
      url: `${base}/workbooks/${workbookId}/publish`,
      body: {
        config: {
          kind: 'CLASSIC',
          widgets: [
            {
              id: 'by-status',
              type: 'CHART',
              position,
              config: { reportId: (report.body as { id: number }).id },
            },
          ],
        },
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const { id, publicId } = published.body as { id: number; publicId: string };
    dashboard = { id, publicId, workbookId };
    acme = { name: 'acme', id: await createEmbedTenant(server, accountId, 'acme') };
    globex = { name: 'globex', id: await createEmbedTenant(server, accountId, 'globex') };
    const access = await server.request({
      method: 'PUT',
      url: `${base}/workbooks/${workbookId}/embed-access`,
      body: { allEmbedUsers: true, action: 'read', allowEmbed: true },
    });
    expect(access.status, JSON.stringify(access.body)).toBe(200);
  });
  afterAll(async () => {
    await shop?.drop();
    await server?.close();
  });

  it('opens the dashboard with an embed token as getDashboardByPublicId answers it to an API key', async () => {
    const user = await customer(acme, 'completed');
    const answer = await openDashboard(user.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const asAdmin = await server.request({
      method: 'GET',
      url: `/api/v1/dashboards/by-public-id/${dashboard.publicId}`,
    });
    expect(answer.body).toEqual(asAdmin.body);
    // The same operation with an API key: any account user who may read content (ContentRead).
    const viewer = await createUserWithKey(server, 'viewer');
    expect((await openDashboard(viewer.key)).body).toEqual(asAdmin.body);
    expect((await openDashboard(server.adminKey)).body).toEqual(asAdmin.body);
  });

  it("runs a widget as each embed user: their tenant's security context decides the rows, as for the data API", async () => {
    const acmeUser = await customer(acme, 'completed');
    const globexUser = await customer(globex, 'returned');
    const acmeRows = await rowsOf(acmeUser.token);
    const globexRows = await rowsOf(globexUser.token);
    expect(acmeRows).toEqual([{ 'orders.status': 'completed', 'orders.count': 4 }]);
    expect(globexRows).toEqual([{ 'orders.status': 'returned', 'orders.count': 1 }]);
    expect(acmeRows).toEqual(await loadAs({ status: 'completed' }));
    expect(globexRows).toEqual(await loadAs({ status: 'returned' }));
    // An embed user the policies name nowhere is refused as the data API refuses them.
    const outsider = await createEmbedViewer(server, {
      accountId,
      deploymentId: shop.deploymentId,
      tenant: acme,
    });
    expect(errorMessageOf(await run(outsider.token), 'FORBIDDEN')).toMatch(/access polic/);
  });

  it("runs an account user's embed session with their own role (internal users)", async () => {
    const user = await customer(acme, 'completed');
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    const adminId = (me.body as { id: number }).id;
    const internal = await server.container.services.embedTokens.sign(
      { ...user.claims, user: { kind: 'internal', userId: adminId, email: 'admin@example.com' } },
      'internal-session',
      3600,
    );
    const rows = await rowsOf(internal);
    expect(rows.map((row) => row['orders.status'])).toEqual(['cancelled', 'completed', 'returned']);
  });

  it('gives embed users CSV, but never of a dashboard that restricts data downloads (403)', async () => {
    const user = await customer(acme, 'completed');
    const csv = await server.app.inject({
      method: 'POST',
      url: runUrl('by-status', 'csv'),
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toBe('orders.status,orders.count\r\ncompleted,4\r\n');
    const restrict = (restrictDataDownload: boolean) =>
      server.request({
        method: 'PUT',
        url: `/api/v1/deployments/${shop.deploymentId}/dashboards/${dashboard.id}`,
        body: { restrictDataDownload },
      });
    expect((await restrict(true)).status).toBe(200);
    try {
      expect(errorMessageOf(await run(user.token, 'by-status', 'csv'), 'FORBIDDEN')).toMatch(
        /restricts data downloads/,
      );
      // The rows themselves stay open to them; an admin key still downloads.
      expect((await run(user.token)).status).toBe(200);
      expect((await run(server.adminKey, 'by-status', 'csv')).status).toBe(200);
    } finally {
      await restrict(false);
    }
  });

  it('refuses a bad or expired token (401), and every operation of another scheme refuses a good one (401)', async () => {
    const user = await customer(acme, 'completed');
    const [header, payload] = user.token.split('.');
    expect(errorMessageOf(await openDashboard(`${header}.${payload}.bad-signature`), 'UNAUTHORIZED')).toMatch(
      /not valid/,
    );
    const expired = await customer(acme, 'completed', { isExpired: true });
    expect(errorMessageOf(await openDashboard(expired.token), 'UNAUTHORIZED')).toMatch(/expired/);
    expectErrorBody(await run(expired.token), 'UNAUTHORIZED');
    // The management scheme (and the data API) never take an embed token.
    for (const url of [
      `/api/v1/dashboards/by-public-id/${dashboard.publicId}`,
      '/api/v1/users/me',
      `/api/v1/deployments/${shop.deploymentId}/workbooks/${dashboard.workbookId}/embed-access`,
      loadUrl(shop.deploymentId, byStatus),
    ]) {
      expectErrorBody(await server.request({ method: 'GET', url, key: user.token }), 'UNAUTHORIZED', url);
    }
    expectErrorBody(
      await server.request({
        method: 'PATCH',
        url: `/api/v1/embed/dashboard/${dashboard.publicId}`,
        body: { allowEmbed: false },
        key: user.token,
      }),
      'UNAUTHORIZED',
    );
  });

  it("opens only dashboards of the token's deployment (403) and account (404)", async () => {
    const other = await createOtherAccount(server);
    const stranger = await createEmbedViewer(server, {
      accountId: other.accountId,
      deploymentId: shop.deploymentId,
    });
    expectErrorBody(await openDashboard(stranger.token), 'NOT_FOUND');
    expectErrorBody(await run(stranger.token), 'NOT_FOUND');
    const elsewhere = await customer(acme, 'completed');
    const wrongDeployment = await server.container.services.embedTokens.sign(
      { ...elsewhere.claims, deploymentId: shop.deploymentId + 1000 },
      'elsewhere-session',
      3600,
    );
    expect(errorMessageOf(await openDashboard(wrongDeployment), 'FORBIDDEN')).toContain(
      `this embed token is for deployment ${shop.deploymentId + 1000}`,
    );
    expectErrorBody(await run(wrongDeployment), 'FORBIDDEN');
    // A run in another deployment's path is refused whether or not the dashboard exists there.
    const elsewherePath = runUrl('by-status', undefined, 999_999, shop.deploymentId + 1000);
    expect(
      errorMessageOf(
        await server.request({ method: 'POST', url: elsewherePath, body: {}, key: elsewhere.token }),
        'FORBIDDEN',
      ),
    ).toBe(`this embed token is for deployment ${shop.deploymentId}, not ${shop.deploymentId + 1000}`);
  });

  it('answers 403 "embedding is disabled" to every embed token while the tenant setting is off', async () => {
    const user = await customer(acme, 'completed');
    await setTenantSettings({ embedding: { enabled: false } });
    try {
      expect(errorMessageOf(await openDashboard(user.token), 'FORBIDDEN')).toBe('embedding is disabled');
      expect(errorMessageOf(await run(user.token), 'FORBIDDEN')).toBe('embedding is disabled');
      // Account users are not embed users: their keys still open it.
      expect((await openDashboard(server.adminKey)).status).toBe(200);
    } finally {
      await setTenantSettings({ embedding: { enabled: true } });
    }
    expect((await openDashboard(user.token)).status).toBe(200);
  });

  it('stops a token whose tenant was deleted (401), whatever the rules say', async () => {
    const initech = { name: 'initech', id: await createEmbedTenant(server, accountId, 'initech') };
    const user = await customer(initech, 'completed');
    expect((await openDashboard(user.token)).status).toBe(200);
    await server.container.platform.store.database
      .delete(embedTenantsTable)
      .where(eq(embedTenantsTable.id, initech.id));
    expect(errorMessageOf(await openDashboard(user.token), 'UNAUTHORIZED')).toContain(
      'embed tenant "initech" of this token was deleted',
    );
    expectErrorBody(await run(user.token), 'UNAUTHORIZED');
  });

  it('runs the published Python of a dashboard it may open, and no other code (python-run)', async () => {
    const base = `/api/v1/deployments/${shop.deploymentId}`;
    const workbook = await server.request({ method: 'POST', url: `${base}/workbooks`, body: { name: 'py' } });
    const workbookId = (workbook.body as { id: number }).id;
    const html = await server.request({
      method: 'POST',
      url: `${base}/reports`,
      body: { name: 'Note', kind: 'html', workbookId, meta: { pythonCode: 'print("hello embed")' } },
    });
    expect(html.status, JSON.stringify(html.body)).toBe(201);
    const reportId = (html.body as { id: number }).id;
    const published = await server.request({
      method: 'POST',
      url: `${base}/workbooks/${workbookId}/publish`,
      body: { config: { widgets: [{ id: 'py', type: 'CHART', position, config: { reportId } }] } },
    });
    const { publicId } = published.body as { publicId: string };
    const user = await customer(acme, 'completed');
    const pythonRun = (body: Record<string, unknown>) =>
      server.request({
        method: 'POST',
        url: `/api/v1/embed/dashboard/${publicId}/python-run`,
        body,
        key: user.token,
      });
    expect(errorMessageOf(await pythonRun({}), 'FORBIDDEN')).toContain('does not allow embedding');
    await server.request({
      method: 'PUT',
      url: `${base}/workbooks/${workbookId}/embed-access`,
      body: { embedTenantName: acme.name, action: 'read', allowEmbed: true },
    });
    const answer = await pythonRun({});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { stdout: string }).stdout).toBe('hello embed\n');
    expect(errorMessageOf(await pythonRun({ code: 'print(2)' }), 'FORBIDDEN')).toMatch(/edit rights/);
  });

  it('opens and runs with a token from generate-session and the exchange, its tenant group deciding', async () => {
    const base = `/api/v1/deployments/${shop.deploymentId}`;
    const workbook = await server.request({
      method: 'POST',
      url: `${base}/workbooks`,
      body: { name: 'Sessions' },
    });
    const workbookId = (workbook.body as { id: number }).id;
    const widgets = (
      (await server.request({ method: 'GET', url: `/api/v1/dashboards/by-public-id/${dashboard.publicId}` }))
        .body as { config: { widgets: unknown[] } }
    ).config.widgets;
    const published = await server.request({
      method: 'POST',
      url: `${base}/workbooks/${workbookId}/publish`,
      body: { config: { kind: 'CLASSIC', widgets } },
    });
    const board = published.body as { id: number; publicId: string };
    const session = (externalId: string, tenantGroups: string[]) =>
      embedTokenFor(server, {
        deploymentId: shop.deploymentId,
        externalId,
        embedTenantName: 'umbrella',
        tenantGroupDefinitions: [{ name: 'analysts' }, { name: 'interns' }],
        tenantGroups,
        groups: ['customer'],
        securityContext: { status: 'cancelled' },
      });
    const analyst = await session('ada', ['analysts']);
    const intern = await session('ivy', ['interns']);
    const [interns] = await server.container.platform.store.database
      .select({ id: embedGroupsTable.id })
      .from(embedGroupsTable)
      .where(eq(embedGroupsTable.name, 'interns'));
    const rules = [
      { embedTenantName: 'umbrella', action: 'read', allowEmbed: true },
      { embedTenantName: 'umbrella', groupId: interns?.id, action: 'none' },
    ];
    for (const body of rules) {
      const answer = await server.request({
        method: 'PUT',
        url: `${base}/workbooks/${workbookId}/embed-access`,
        body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const open = (token: string) =>
      server.request({ method: 'GET', url: `/api/v1/embed/dashboard/${board.publicId}`, key: token });
    expect((await open(analyst.token)).status).toBe(200);
    expectErrorBody(await open(intern.token), 'FORBIDDEN');
    const runAs = (token: string) =>
      server.request({ method: 'POST', url: runUrl('by-status', undefined, board.id), body: {}, key: token });
    const rows = await runAs(analyst.token);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect((rows.body as { data: Row[] }).data).toEqual(await loadAs({ status: 'cancelled' }));
    expectErrorBody(await runAs(intern.token), 'FORBIDDEN');
  });

  it("runs widgets on the session's branch when it names one", async () => {
    const base = `/build/api/v1/deployments/${shop.deploymentId}`;
    const { branchName } = await startDevMode(server, base);
    const orders = shopWithPolicy('')['model/cubes/orders.yml'] ?? '';
    // On the branch, customers see the cancelled orders whatever their context says.
    const onBranch = orders.replace('["{ securityContext.status }"]', '["cancelled"]');
    expect(onBranch).not.toBe(orders);
    const written = await writeFiles(server, base, { 'model/cubes/orders.yml': onBranch }, { branchName });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const onDeployBranch = await customer(acme, 'completed');
    const onDevBranch = await customer(acme, 'completed', { branchName });
    expect(await rowsOf(onDeployBranch.token)).toEqual([{ 'orders.status': 'completed', 'orders.count': 4 }]);
    expect(await rowsOf(onDevBranch.token)).toEqual([{ 'orders.status': 'cancelled', 'orders.count': 1 }]);
  });
});
