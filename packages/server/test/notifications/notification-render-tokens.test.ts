import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeploymentId } from '../security/account-resources.js';
import { loadUrl } from '../semantic-api/semantic-api-helpers.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

/**
 * The render page's credential for an account user: the user's own view of dashboards through the
 * `embed` scheme's two reads, nothing else, for two minutes, and no other verifier takes it.
 */
describe.each(storeEngines)('notification render tokens (%s)', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let accountId: number;
  let dashboard: { id: number; publicId: string };
  let viewer: { userId: number; key: string };

  const tokens = () => server.container.services.notificationRenderTokens;
  const withToken = (token: string) => ({ key: null, headers: { authorization: `Bearer ${token}` } });
  const onDeployment = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;
  const openDashboard = (token: string) =>
    server.request({
      method: 'GET',
      url: `/api/v1/embed/dashboard/${dashboard.publicId}`,
      ...withToken(token),
    });
  const runKpi = (token: string) =>
    server.request({
      method: 'POST',
      url: onDeployment(`/dashboards/${dashboard.id}/widgets/orders/run`),
      body: {},
      ...withToken(token),
    });

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await findDeploymentId(server, 'demo');
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    accountId = (me.body as { account: { id: number } }).account.id;
    viewer = await createUserWithKey(server, 'viewer');
    const workbook = await server.request({
      method: 'POST',
      url: onDeployment('/workbooks'),
      body: { name: 'Private board', isShared: false },
    });
    const workbookId = (workbook.body as { id: number }).id;
    const report = await server.request({
      method: 'POST',
      url: onDeployment('/reports'),
      body: { name: 'Orders', kind: 'kpi', workbookId, jsonQuery: { measures: ['orders.count'] } },
    });
    const published = await server.request({
      method: 'POST',
      url: onDeployment(`/workbooks/${workbookId}/publish`),
      body: {
        title: 'Private board',
        config: {
          kind: 'CLASSIC',
          widgets: [
            {
              id: 'orders',
              type: 'CHART',
              position: { x: 0, y: 0, w: 4, h: 3 },
              config: { reportId: (report.body as { id: number }).id },
            },
          ],
        },
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    dashboard = published.body as { id: number; publicId: string };
  });

  afterAll(async () => {
    await server?.close();
  });

  it("opens the dashboard and runs its widgets with the user's own rights, and only once they hold them", async () => {
    const token = await tokens().sign(accountId, viewer.userId);
    expect((await openDashboard(token)).status).toBe(404);
    expect((await runKpi(token)).status).toBe(404);
    const grant = await server.request({
      method: 'PUT',
      url: '/api/v1/resource-policies/user',
      body: { resourceType: 'dashboard', resourceId: dashboard.id, userId: viewer.userId, action: 'view' },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const opened = await openDashboard(token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((opened.body as { id: number }).id).toBe(dashboard.id);
    const run = await runKpi(token);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const direct = await server.request({
      method: 'GET',
      url: loadUrl(deploymentId, { measures: ['orders.count'] }),
      key: viewer.key,
    });
    expect((run.body as { data: unknown[] }).data).toEqual((direct.body as { data: unknown[] }).data);
  });

  it('is refused by every other operation and every other verifier', async () => {
    const token = await tokens().sign(accountId, viewer.userId);
    const python = await server.request({
      method: 'POST',
      url: `/api/v1/embed/dashboard/${dashboard.publicId}/python-run`,
      body: {},
      ...withToken(token),
    });
    expect(python.status).toBe(403);
    expect((python.body as { message: string }).message).toBe(
      'a notification render token cannot call runDashboardPython',
    );
    // The management API and the data API take it for no credential of theirs.
    expect(
      (await server.request({ method: 'GET', url: '/api/v1/users/me', ...withToken(token) })).status,
    ).toBe(401);
    expect(
      (
        await server.request({
          method: 'GET',
          url: loadUrl(deploymentId, { measures: ['orders.count'] }),
          ...withToken(token),
        })
      ).status,
    ).toBe(401);
    await expect(server.container.services.embedTokens.verify(token)).rejects.toThrow('not valid');
  });

  it('stops working once it expires, and for a user deactivated since it was signed', async () => {
    const expired = await tokens().sign(accountId, viewer.userId, new Date(Date.now() - 3 * 60_000));
    const late = await openDashboard(expired);
    expect(late.status).toBe(401);
    expect((late.body as { message: string }).message).toBe('the notification render token has expired');

    const leaving = await createUserWithKey(server, 'admin');
    const token = await tokens().sign(accountId, leaving.userId);
    expect((await openDashboard(token)).status).toBe(200);
    const deactivated = await server.request({
      method: 'PUT',
      url: `/api/v1/users/${leaving.userId}`,
      body: { status: 'inactive' },
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    const refused = await openDashboard(token);
    expect(refused.status).toBe(401);
    expect((refused.body as { message: string }).message).toBe(
      `user ${leaving.userId} is deactivated or was deleted`,
    );
  });
});
