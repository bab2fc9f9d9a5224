import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmbedTenant } from '../embed/embed-fixtures.js';
import { findDeploymentId } from '../security/account-resources.js';
import { dashboardConfigOf } from '../security/operation-examples.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { type HostedCliClient, listenForHostedCli, listOfAnswer } from './hosted-cli-client.js';

/**
 * The hosted CLI's embed rows (HOSTED-CLIENT.md), sent exactly as it sends them over a real socket:
 * generate-session and the token exchange, tenant delete (with its trailing slash), a tenant's groups
 * with `first`/`after`, delete-group, the embed dashboard and its enable/disable switch.
 */
describe('the hosted CLI, replayed: embed sessions, tenants, their groups and embedded dashboards', () => {
  let server: TestServer;
  let cli: HostedCliClient;

  beforeAll(async () => {
    server = await startTestServer();
    cli = await listenForHostedCli(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('embed tenant groups N: GET /api/v1/embed-tenants/{N}/groups with first and after', async () => {
    await insertEmbedTenant(server, {
      name: 'replayed-groups',
      groups: [{ name: 'finance', description: 'Finance team' }, { name: 'sales' }, { name: 'support' }],
      users: [
        { externalId: 'replayed-ann', groups: ['finance'] },
        { externalId: 'replayed-bob', groups: ['finance'] },
      ],
    });
    const first = await cli.call('GET', '/api/v1/embed-tenants/replayed-groups/groups', {
      query: [['first', '2']],
    });
    expect(first.status, first.text).toBe(200);
    const firstItems = listOfAnswer(first);
    expect(firstItems).toEqual([
      expect.objectContaining({ id: expect.any(Number), name: 'finance', userCount: 2 }),
      expect.objectContaining({ id: expect.any(Number), name: 'sales', userCount: 0 }),
    ]);
    const { endCursor, hasNextPage } = (
      first.body as { pageInfo: { endCursor: string; hasNextPage: boolean } }
    ).pageInfo;
    expect(hasNextPage).toBe(true);
    const next = await cli.call('GET', '/api/v1/embed-tenants/replayed-groups/groups', {
      query: [
        ['first', '2'],
        ['after', endCursor],
      ],
    });
    expect(next.status, next.text).toBe(200);
    expect(listOfAnswer(next)).toEqual([
      expect.objectContaining({ id: expect.any(Number), name: 'support', userCount: 0 }),
    ]);
  });

  it('embed tenant delete-group N G: DELETE /api/v1/embed-tenants/{N}/groups/{G} with Content-Length 0', async () => {
    const { groupIds } = await insertEmbedTenant(server, {
      name: 'replayed-delete-group',
      groups: [{ name: 'doomed' }],
    });
    const groupId = groupIds.get('doomed');
    const deleted = await cli.call('DELETE', `/api/v1/embed-tenants/replayed-delete-group/groups/${groupId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    const groups = await cli.call('GET', '/api/v1/embed-tenants/replayed-delete-group/groups', {
      query: [['first', '100']],
    });
    expect(listOfAnswer(groups)).toEqual([]);
  });

  it('embed tenant delete N: DELETE /api/v1/embed-tenants/{N}/ (trailing slash) with Content-Length 0', async () => {
    await insertEmbedTenant(server, {
      name: 'replayed-delete',
      groups: [{ name: 'finance' }],
      users: [{ externalId: 'replayed-cid', groups: ['finance'] }],
    });
    const deleted = await cli.call('DELETE', '/api/v1/embed-tenants/replayed-delete/');
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.body).toBeNull();
    const tenants = await cli.call('GET', '/api/v1/embed-tenants/', { query: [['first', '100']] });
    expect(tenants.status, tenants.text).toBe(200);
    expect(listOfAnswer(tenants).map((tenant) => tenant.name)).not.toContain('replayed-delete');
    const again = await cli.call('DELETE', '/api/v1/embed-tenants/replayed-delete/');
    expect(again.status, again.text).toBe(404);
  });

  /** A published dashboard of the demo deployment (one widget on a report), made as the CLI would. */
  async function publishDashboard(): Promise<string> {
    const deploymentId = await findDeploymentId(server, 'demo');
    const workbook = await cli.call('POST', `/api/v1/deployments/${deploymentId}/workbooks`, {
      body: { name: 'replayed embed' },
    });
    expect(workbook.status, workbook.text).toBe(201);
    const workbookId = (workbook.body as { id: number }).id;
    const report = await cli.call('POST', `/api/v1/deployments/${deploymentId}/reports`, {
      body: { name: 'replayed orders', workbookId, jsonQuery: { measures: ['orders.count'] } },
    });
    expect(report.status, report.text).toBe(201);
    const reportId = (report.body as { id: number }).id;
    const published = await cli.call(
      'POST',
      `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/publish`,
      { body: { config: dashboardConfigOf(reportId, reportId) } },
    );
    expect(published.status, published.text).toBe(200);
    return (published.body as { publicId: string }).publicId;
  }

  it('embed enable-/disable-dashboard P: PATCH /api/v1/embed/dashboard/{P} {allowEmbed}', async () => {
    const publicId = await publishDashboard();
    for (const allowEmbed of [true, false]) {
      const answer = await cli.call('PATCH', `/api/v1/embed/dashboard/${publicId}`, { body: { allowEmbed } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ publicId, allowEmbed });
    }
  });

  it('embed dashboard P: GET /api/v1/embed/dashboard/{P}', async () => {
    const publicId = await publishDashboard();
    const answer = await cli.call('GET', `/api/v1/embed/dashboard/${publicId}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ publicId, id: expect.any(Number) });
  });

  it('embed generate-session / embed token: POST /api/v1/embed/generate-session, then POST /api/v1/embed/session/token', async () => {
    const deploymentId = await findDeploymentId(server, 'demo');
    const attribute = await cli.call('POST', '/api/v1/user-attributes/', { body: { name: 'region' } });
    expect(attribute.status, attribute.text).toBe(201);
    // The body of generate-session.mdx's example: a user of the host app in a tenant, with its groups.
    const generated = await cli.call('POST', '/api/v1/embed/generate-session', {
      body: {
        deploymentId,
        externalId: 'replayed-customer',
        email: 'customer@replayed.example',
        userProfile: { displayName: 'Replayed Customer' },
        embedTenantName: 'replayed-session-tenant',
        embedTenantProfile: { displayName: 'Replayed Inc.' },
        tenantGroupDefinitions: [{ name: 'finance', description: 'Finance team' }],
        tenantGroups: ['finance'],
        groups: ['analysts'],
        userAttributes: [{ name: 'region', value: 'EU' }],
        securityContext: { tenant: 'replayed' },
        settings: { showDashboardChat: true, locale: 'de-DE', timezone: 'Europe/Berlin' },
      },
    });
    expect(generated.status, generated.text).toBe(200);
    const { sessionId } = generated.body as { sessionId: string };
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);

    const exchanged = await cli.call('POST', '/api/v1/embed/session/token', { body: { sessionId } });
    expect(exchanged.status, exchanged.text).toBe(200);
    expect((exchanged.body as { token: string }).token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const again = await cli.call('POST', '/api/v1/embed/session/token', { body: { sessionId } });
    expect(again.status, again.text).toBe(401);

    // The session made the tenant, its group and its user, as the tenant rows then read them.
    const users = await cli.call('GET', '/api/v1/embed-tenants/replayed-session-tenant/users');
    expect(listOfAnswer(users)).toEqual([
      expect.objectContaining({ externalId: 'replayed-customer', groups: ['finance'] }),
    ]);
  });
});
