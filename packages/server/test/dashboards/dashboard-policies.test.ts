import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePoliciesTable } from '../../src/modules/workspace/workspace.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

interface Dashboard {
  id: number;
  publicId: string;
  workbookId: number;
  status: string;
  allowEmbed: boolean;
  versionNumber: number;
}

const position = { x: 0, y: 0, w: 6, h: 4 };
const aiWidget = { id: 'assistant', type: 'AI', position };

describe.each(storeEngines)('resource policies on dashboards on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let viewer: { userId: number; key: string };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await findDeploymentId(server, 'demo');
    viewer = await createUserWithKey(server, 'viewer');
  });
  afterAll(async () => {
    await server?.close();
  });

  const url = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;

  /** A dashboard published from a workbook that is not shared: a viewer sees neither without a grant. */
  async function unsharedDashboard(name: string): Promise<Dashboard> {
    const workbook = await server.request({
      method: 'POST',
      url: url('/workbooks'),
      body: { name, isShared: false },
    });
    expect(workbook.status, JSON.stringify(workbook.body)).toBe(201);
    const workbookId = (workbook.body as { id: number }).id;
    const published = await server.request({
      method: 'POST',
      url: url(`/workbooks/${workbookId}/publish`),
      body: { config: { widgets: [aiWidget] } },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body as Dashboard;
  }

  async function grant(dashboardId: number, action: 'view' | 'edit' | 'manage' | null) {
    const answer = await server.request({
      method: 'PUT',
      url: '/api/v1/resource-policies/user',
      body: {
        resourceType: 'dashboard',
        resourceId: dashboardId,
        userId: viewer.userId,
        ...(action ? { action } : {}),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { resourceType: string; users: Array<{ userId: number; action: string }> };
  }

  const asViewer = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
    server.request({ method, url: path.startsWith('/api/') ? path : url(path), body, key: viewer.key });

  async function listedToViewer(): Promise<number[]> {
    const answer = await asViewer('GET', '/dashboards?first=100');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { items: Dashboard[] }).items.map((item) => item.id);
  }

  it('view shows the dashboard of an unshared workbook, edit archives, manage embeds, removing takes it away', async () => {
    const dashboard = await unsharedDashboard('Private board');
    expectErrorBody(await asViewer('GET', `/dashboards/${dashboard.id}`), 'NOT_FOUND', 'before any grant');
    expect(await listedToViewer()).not.toContain(dashboard.id);

    const granted = await grant(dashboard.id, 'view');
    expect(granted).toMatchObject({
      resourceType: 'dashboard',
      users: [{ userId: viewer.userId, action: 'view' }],
    });
    expect((await asViewer('GET', `/dashboards/${dashboard.id}`)).status).toBe(200);
    expect((await asViewer('GET', `/api/v1/dashboards/by-public-id/${dashboard.publicId}`)).status).toBe(200);
    expect((await asViewer('GET', `/dashboards/${dashboard.id}/versions`)).status).toBe(200);
    expect(await listedToViewer()).toContain(dashboard.id);
    // The grant is on the dashboard alone: the workbook stays hidden.
    expectErrorBody(await asViewer('GET', `/workbooks/${dashboard.workbookId}`), 'NOT_FOUND', 'the workbook');
    expectErrorBody(
      await asViewer('PUT', `/dashboards/${dashboard.id}`, { status: 'archived' }),
      'FORBIDDEN',
      'archiving with view',
    );
    const policies = await asViewer(
      'GET',
      `/api/v1/resource-policies?resourceType=dashboard&resourceId=${dashboard.id}`,
    );
    expect(policies.status, JSON.stringify(policies.body)).toBe(200);

    await grant(dashboard.id, 'edit');
    const archived = await asViewer('PUT', `/dashboards/${dashboard.id}`, { status: 'archived' });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body).toMatchObject({ status: 'archived' });
    // Editors still read and list an archived dashboard.
    expect((await asViewer('GET', `/dashboards/${dashboard.id}`)).status).toBe(200);
    expect(await listedToViewer()).toContain(dashboard.id);
    // Edit on the dashboard publishes a config and attaches AI threads; the saved draft is the workbook's.
    const published = await asViewer('POST', `/workbooks/${dashboard.workbookId}/publish`, {
      config: { widgets: [aiWidget] },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', versionNumber: 2 });
    expectErrorBody(
      await asViewer('POST', `/workbooks/${dashboard.workbookId}/publish`),
      'NOT_FOUND',
      'the saved draft of a workbook the viewer cannot see',
    );
    const thread = await asViewer('POST', `/workbooks/${dashboard.workbookId}/dashboard/ai-widget-thread`, {
      widgetId: 'assistant',
      threadId: 'viewer-thread',
    });
    expect(thread.status, JSON.stringify(thread.body)).toBe(200);
    expectErrorBody(
      await asViewer('PUT', `/dashboards/${dashboard.id}`, { allowEmbed: true }),
      'FORBIDDEN',
      'embedding with edit',
    );
    expectErrorBody(
      await asViewer('PUT', '/api/v1/resource-policies/user', {
        resourceType: 'dashboard',
        resourceId: dashboard.id,
        userId: viewer.userId,
        action: 'manage',
      }),
      'FORBIDDEN',
      'raising their own grant',
    );

    await grant(dashboard.id, 'manage');
    const embedded = await asViewer('PUT', `/dashboards/${dashboard.id}`, { allowEmbed: true });
    expect(embedded.status, JSON.stringify(embedded.body)).toBe(200);
    expect(embedded.body).toMatchObject({ allowEmbed: true });

    const removed = await grant(dashboard.id, null);
    expect(removed.users).toEqual([]);
    expectErrorBody(
      await asViewer('GET', `/dashboards/${dashboard.id}`),
      'NOT_FOUND',
      'after the grant went',
    );
    expect(await listedToViewer()).not.toContain(dashboard.id);
  });

  it('keeps the workbook’s rights flowing to its dashboard, and goes with the workbook', async () => {
    const dashboard = await unsharedDashboard('Granted through the workbook');
    const onWorkbook = await server.request({
      method: 'PUT',
      url: '/api/v1/resource-policies/user',
      body: {
        resourceType: 'workbook',
        resourceId: dashboard.workbookId,
        userId: viewer.userId,
        action: 'edit',
      },
    });
    expect(onWorkbook.status, JSON.stringify(onWorkbook.body)).toBe(200);
    const archived = await asViewer('PUT', `/dashboards/${dashboard.id}`, { status: 'archived' });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);

    await grant(dashboard.id, 'view');
    const database = server.container.platform.store.database;
    const grantsOf = () =>
      database
        .select()
        .from(resourcePoliciesTable)
        .where(eq(resourcePoliciesTable.dashboardId, dashboard.id));
    expect(await grantsOf()).toHaveLength(1);
    const deleted = await server.request({
      method: 'DELETE',
      url: url(`/workbooks/${dashboard.workbookId}`),
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await grantsOf()).toEqual([]);
    expectErrorBody(
      await server.request({
        method: 'GET',
        url: `/api/v1/resource-policies?resourceType=dashboard&resourceId=${dashboard.id}`,
      }),
      'NOT_FOUND',
      'the policies of a deleted dashboard',
    );
  });

  it('accepts DASHBOARD in any case and refuses a dashboard that does not exist', async () => {
    const dashboard = await unsharedDashboard('Case');
    const upper = await server.request({
      method: 'GET',
      url: `/api/v1/resource-policies?resourceType=DASHBOARD&resourceId=${dashboard.id}`,
    });
    expect(upper.status, JSON.stringify(upper.body)).toBe(200);
    expect(upper.body).toMatchObject({ resourceType: 'dashboard', resourceId: dashboard.id });
    expectErrorBody(
      await server.request({
        method: 'PUT',
        url: '/api/v1/resource-policies/user',
        body: { resourceType: 'dashboard', resourceId: 999999, userId: viewer.userId, action: 'view' },
      }),
      'NOT_FOUND',
      'a grant on no dashboard',
    );
  });
});
