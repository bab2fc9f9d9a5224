import { operations } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment } from '../deployments/deployment-helpers.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { expectErrorBody } from './expect-error-body.js';

interface Page {
  items: Array<{ id?: number; date?: string; message?: string }>;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/**
 * Every paged list takes `limit`/`offset` (what the hosted CLI sends) as well as `first`/`after`, and an
 * offset together with a cursor is a 400: one page window for all of them (platform/paging).
 */
describe('offset and limit on every paged list', () => {
  let server: TestServer;
  let listUrls: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    const deployments = [];
    for (let index = 0; index < 4; index += 1) deployments.push(await createDeployment(server));
    for (let index = 0; index < 3; index += 1) {
      await server.request({
        method: 'POST',
        url: '/api/v1/users',
        body: { email: `paged-${index}@example.com` },
      });
      await server.request({ method: 'POST', url: '/api/v1/api-keys', body: { name: `paged-${index}` } });
    }
    const deploymentId = deployments[0]?.id ?? 0;
    for (let index = 0; index < 3; index += 1) {
      await server.request({
        method: 'PUT',
        url: `/api/v1/deployments/${deploymentId}`,
        body: { name: `paged-${index}` },
      });
    }
    const content = `/api/v1/deployments/${deploymentId}`;
    const userIds: number[] = [];
    const workbookIds: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      await server.request({ method: 'POST', url: `${content}/folders`, body: { name: `paged-${index}` } });
      const workbook = await server.request({
        method: 'POST',
        url: `${content}/workbooks`,
        body: { name: `paged-${index}` },
      });
      workbookIds.push((workbook.body as { id: number }).id);
      await server.request({ method: 'POST', url: `${content}/reports`, body: { name: `paged-${index}` } });
      await server.request({ method: 'POST', url: '/api/v1/user-groups', body: { name: `paged-${index}` } });
      await server.request({
        method: 'POST',
        url: '/api/v1/user-attributes',
        body: { name: `paged_${index}` },
      });
      await server.request({
        method: 'POST',
        url: '/api/v1/oauth-integrations',
        body: {
          name: `paged-${index}`,
          clientId: 'paged',
          clientSecret: 'paged-secret',
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
        },
      });
      await server.request({
        method: 'POST',
        url: '/api/v1/oidc-token-configs',
        body: { name: `paged-${index}`, audience: 'paged', targetEnvVar: `PAGED_${index}_TOKEN` },
      });
      const user = await server.request({
        method: 'POST',
        url: '/api/v1/users',
        body: { email: `member-${index}@example.com` },
      });
      userIds.push((user.body as { id: number }).id);
    }
    // Three dashboards, the first published three times (three versions).
    const dashboardIds: number[] = [];
    for (const workbookId of [workbookIds[0], ...workbookIds]) {
      const published = await server.request({
        method: 'POST',
        url: `${content}/workbooks/${workbookId}/publish`,
        body: { config: {} },
      });
      dashboardIds.push((published.body as { id: number }).id);
    }
    await server.request({
      method: 'POST',
      url: `${content}/workbooks/${workbookIds[0]}/publish`,
      body: { config: {} },
    });
    const groups = await server.request({ method: 'GET', url: '/api/v1/user-groups?first=1' });
    const groupId = (groups.body as Page).items[0]?.id ?? 0;
    await server.request({ method: 'POST', url: `/api/v1/user-groups/${groupId}/users`, body: { userIds } });
    // Embed tenants made by sessions: three users in one tenant, three tenants more, three groups.
    const embedTenant = '/api/v1/embed-tenants/paged-tenant';
    for (let index = 0; index < 3; index += 1) {
      for (const [externalId, embedTenantName] of [
        [`paged-embed-${index}`, 'paged-tenant'],
        [`paged-other-${index}`, `paged-tenant-${index}`],
      ]) {
        const session = await server.request({
          method: 'POST',
          url: '/api/v1/embed/generate-session',
          body: { deploymentId, externalId, embedTenantName },
        });
        expect(session.status, JSON.stringify(session.body)).toBe(200);
      }
      await server.request({
        method: 'POST',
        url: `${embedTenant}/groups`,
        body: { name: `paged-${index}` },
      });
    }
    const embedGroups = await server.request({ method: 'GET', url: `${embedTenant}/groups?first=1` });
    const embedGroupId = (embedGroups.body as Page).items[0]?.id ?? 0;
    await server.request({
      method: 'POST',
      url: `${embedTenant}/groups/${embedGroupId}/users`,
      body: { externalIds: ['paged-embed-0', 'paged-embed-1', 'paged-embed-2'] },
    });
    // Three notifications on the first dashboard, the first with three recipients.
    const notificationIds: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const notification = await server.request({
        method: 'POST',
        url: `${content}/notifications`,
        body: {
          dashboardId: dashboardIds[0],
          name: `paged-${index}`,
          schedule: '0 9 * * 1',
          recipients: [0, 1, 2].map((recipient) => ({
            type: 'email',
            email: `paged-${index}-${recipient}@example.com`,
          })),
        },
      });
      expect(notification.status, JSON.stringify(notification.body)).toBe(201);
      notificationIds.push((notification.body as { id: number }).id);
    }
    listUrls = {
      listFolders: `${content}/folders`,
      listWorkbooks: `${content}/workbooks`,
      listReports: `${content}/reports`,
      listReportFolders: `${content}/report-folders`,
      listDashboards: `${content}/dashboards`,
      listDashboardVersions: `${content}/dashboards/${dashboardIds[0]}/versions`,
      listWorkspace: `${content}/workspace`,
      listSharedWorkspace: `${content}/shared-workspace`,
      listUserGroups: '/api/v1/user-groups',
      listUserGroupMembers: `/api/v1/user-groups/${groupId}/users`,
      listUsers: '/api/v1/users',
      listApiKeys: '/api/v1/api-keys',
      listDeployments: '/api/v1/deployments',
      listDeploymentLogs: `/api/v1/deployments/${deploymentId}/logs`,
      listDbtSyncs: `/api/v1/deployments/${deploymentId}/dbt-sync`,
      listEnvironments: `/api/v1/deployments/${deploymentId}/environments`,
      listUserAttributes: '/api/v1/user-attributes',
      listOAuthIntegrations: '/api/v1/oauth-integrations',
      listUserOAuthTokens: '/api/v1/user-oauth-tokens',
      listOidcTokenConfigs: '/api/v1/oidc-token-configs',
      listEmbedTenants: '/api/v1/embed-tenants',
      listEmbedTenantUsers: `${embedTenant}/users`,
      listEmbedGroups: `${embedTenant}/groups`,
      listEmbedGroupUsers: `${embedTenant}/groups/${embedGroupId}/users`,
      listNotifications: `${content}/notifications`,
      listAccountNotifications: '/api/v1/notifications',
      listNotificationRecipients: `${content}/notifications/${notificationIds[0]}/recipients`,
      listNotificationDeliveries: `${content}/notifications/${notificationIds[0]}/deliveries`,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('covers every operation whose query pages', () => {
    const paged = Object.values(operations)
      .filter(
        (operation) =>
          operation.query !== null && 'shape' in operation.query && 'offset' in operation.query.shape,
      )
      .map((operation) => operation.operationId)
      .filter((operationId) => operationId !== 'listEnvironmentTokens')
      .sort();
    expect(paged).toEqual(Object.keys(listUrls).sort());
  });

  it('answers limit/offset with the same items as the cursor pages, and refuses offset with after', async () => {
    for (const [operationId, url] of Object.entries(listUrls)) {
      const all = (await server.request({ method: 'GET', url: `${url}?first=100` })).body as Page;
      const sliced = await server.request({ method: 'GET', url: `${url}?offset=1&limit=2` });
      expect(sliced.status, `${operationId} ${JSON.stringify(sliced.body)}`).toBe(200);
      expect((sliced.body as Page).items, operationId).toEqual(all.items.slice(1, 3));
      const firstPage = (await server.request({ method: 'GET', url: `${url}?limit=1` })).body as Page;
      expect(firstPage.items, operationId).toEqual(all.items.slice(0, 1));
      if (firstPage.pageInfo.endCursor) {
        expectErrorBody(
          await server.request({
            method: 'GET',
            url: `${url}?offset=1&after=${firstPage.pageInfo.endCursor}`,
          }),
          'BAD_REQUEST',
          operationId,
        );
      }
      expectErrorBody(
        await server.request({ method: 'GET', url: `${url}?offset=-1` }),
        'BAD_REQUEST',
        operationId,
      );
    }
  });
});
