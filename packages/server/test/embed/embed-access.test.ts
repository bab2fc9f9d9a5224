import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedGroupMembersTable } from '../../src/modules/embed/embed.tables.js';
import { errorMessageOf, expectErrorBody } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import {
  adminAccountId,
  createEmbedGroup,
  createEmbedTenant,
  createEmbedViewer,
} from './embed-viewer-fixtures.js';

type Rule = 'read' | 'none' | '-';
type Outcome = 'open' | 403;

const position = { x: 0, y: 0, w: 6, h: 4 };
const textOnly = {
  kind: 'CLASSIC',
  widgets: [{ id: 'note', type: 'TEXT', position, config: { markdown: '# Hi' } }],
};

/**
 * Who opens a workbook's dashboard with an embed token: the rule of one of the user's tenant groups, else
 * their tenant's, else the all-embed-users rule; `none` wins at the same level; no rule, or a dashboard that
 * does not allow embedding, refuses (403). Every case sends real requests to a real server.
 */
describe('embed access to dashboards', () => {
  let server: TestServer;
  let accountId: number;
  let deploymentId: number;
  let tenant: { id: number; name: string };
  let otherTenant: { id: number; name: string };
  /** Two groups of the tenant the test users are in, one they are not in, and one of the other tenant. */
  let groups: { mine: number; alsoMine: number; notMine: number; otherTenants: number };

  const accessUrl = (workbookId: number) =>
    `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/embed-access`;

  async function publishedWorkbook(): Promise<{ workbookId: number; publicId: string }> {
    const workbook = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workbooks`,
      body: { name: `embedded ${Math.random()}` },
    });
    expect(workbook.status, JSON.stringify(workbook.body)).toBe(201);
    const workbookId = (workbook.body as { id: number }).id;
    const published = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workbooks/${workbookId}/publish`,
      body: { config: textOnly },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return { workbookId, publicId: (published.body as { publicId: string }).publicId };
  }

  async function setRule(workbookId: number, body: Record<string, unknown>) {
    const answer = await server.request({ method: 'PUT', url: accessUrl(workbookId), body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  function open(publicId: string, token: string) {
    return server.request({ method: 'GET', url: `/api/v1/embed/dashboard/${publicId}`, key: token });
  }

  async function outcomeOf(publicId: string, token: string): Promise<Outcome> {
    const answer = await open(publicId, token);
    if (answer.status === 200) {
      expect((answer.body as { publicId: string }).publicId).toBe(publicId);
      return 'open';
    }
    expectErrorBody(answer, 'FORBIDDEN');
    return 403;
  }

  /** A user of the tenant in `mine` and `alsoMine`. */
  async function tenantUser() {
    return createEmbedViewer(server, {
      accountId,
      deploymentId,
      tenant,
      groupIds: [groups.mine, groups.alsoMine],
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    accountId = await adminAccountId(server);
    deploymentId = await findDeploymentId(server, 'demo');
    tenant = { name: 'acme', id: await createEmbedTenant(server, accountId, 'acme') };
    otherTenant = { name: 'globex', id: await createEmbedTenant(server, accountId, 'globex') };
    groups = {
      mine: await createEmbedGroup(server, tenant.id, 'finance'),
      alsoMine: await createEmbedGroup(server, tenant.id, 'sales'),
      notMine: await createEmbedGroup(server, tenant.id, 'board'),
      otherTenants: await createEmbedGroup(server, otherTenant.id, 'finance'),
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  // tenant rule, group rule (for a group of the user), all-users rule, allowEmbed → outcome.
  const table: Array<[Rule, Rule, Rule, boolean, Outcome]> = [
    ['-', '-', '-', true, 403],
    ['-', '-', 'read', true, 'open'],
    ['-', '-', 'none', true, 403],
    ['-', 'read', '-', true, 'open'],
    ['-', 'read', 'read', true, 'open'],
    ['-', 'read', 'none', true, 'open'],
    ['-', 'none', '-', true, 403],
    ['-', 'none', 'read', true, 403],
    ['-', 'none', 'none', true, 403],
    ['read', '-', '-', true, 'open'],
    ['read', '-', 'read', true, 'open'],
    ['read', '-', 'none', true, 'open'],
    ['read', 'read', '-', true, 'open'],
    ['read', 'read', 'read', true, 'open'],
    ['read', 'read', 'none', true, 'open'],
    ['read', 'none', '-', true, 403],
    ['read', 'none', 'read', true, 403],
    ['read', 'none', 'none', true, 403],
    ['none', '-', '-', true, 403],
    ['none', '-', 'read', true, 403],
    ['none', '-', 'none', true, 403],
    ['none', 'read', '-', true, 'open'],
    ['none', 'read', 'read', true, 'open'],
    ['none', 'read', 'none', true, 'open'],
    ['none', 'none', '-', true, 403],
    ['none', 'none', 'read', true, 403],
    ['none', 'none', 'none', true, 403],
    ['read', 'read', 'read', false, 403],
    ['-', '-', 'read', false, 403],
    ['read', '-', '-', false, 403],
    ['-', 'read', '-', false, 403],
    ['none', 'read', 'none', false, 403],
  ];

  it.each(table)(
    'tenant %s, group %s, all embed users %s, allowEmbed %s → %s',
    async (tenantRule, groupRule, allUsersRule, allowEmbed, expected) => {
      const { workbookId, publicId } = await publishedWorkbook();
      // Rules that never match this user, set every time: they must change nothing.
      await setRule(workbookId, { embedTenantName: otherTenant.name, action: 'read', allowEmbed });
      await setRule(workbookId, {
        embedTenantName: otherTenant.name,
        groupId: groups.otherTenants,
        action: 'read',
      });
      await setRule(workbookId, { embedTenantName: tenant.name, groupId: groups.notMine, action: 'none' });
      if (tenantRule !== '-') await setRule(workbookId, { embedTenantName: tenant.name, action: tenantRule });
      if (groupRule !== '-') {
        await setRule(workbookId, { embedTenantName: tenant.name, groupId: groups.mine, action: groupRule });
      }
      if (allUsersRule !== '-') await setRule(workbookId, { allEmbedUsers: true, action: allUsersRule });
      const user = await tenantUser();
      expect(await outcomeOf(publicId, user.token)).toBe(expected);
    },
  );

  it('lets none beat read between two groups of the user, and a later change of rule count at once', async () => {
    const { workbookId, publicId } = await publishedWorkbook();
    await setRule(workbookId, { embedTenantName: tenant.name, action: 'none', allowEmbed: true });
    await setRule(workbookId, { embedTenantName: tenant.name, groupId: groups.mine, action: 'read' });
    const user = await tenantUser();
    expect(await outcomeOf(publicId, user.token)).toBe('open');
    await setRule(workbookId, { embedTenantName: tenant.name, groupId: groups.alsoMine, action: 'none' });
    expect(await outcomeOf(publicId, user.token)).toBe(403);
    // The same target again replaces its rule.
    await setRule(workbookId, { embedTenantName: tenant.name, groupId: groups.alsoMine, action: 'read' });
    expect(await outcomeOf(publicId, user.token)).toBe('open');
  });

  it('reads tenant-group memberships when deciding, not when the token was made', async () => {
    const { workbookId, publicId } = await publishedWorkbook();
    await setRule(workbookId, {
      embedTenantName: tenant.name,
      groupId: groups.mine,
      action: 'read',
      allowEmbed: true,
    });
    const user = await createEmbedViewer(server, {
      accountId,
      deploymentId,
      tenant,
      groupIds: [groups.mine],
    });
    expect(await outcomeOf(publicId, user.token)).toBe('open');
    await server.container.platform.store.database
      .delete(embedGroupMembersTable)
      .where(eq(embedGroupMembersTable.chatUserId, user.chatUserId));
    expect(errorMessageOf(await open(publicId, user.token), 'FORBIDDEN')).toMatch(/no embed access rule/);
  });

  it('opens to a user of no tenant only through the all-embed-users rule', async () => {
    const { workbookId, publicId } = await publishedWorkbook();
    await setRule(workbookId, { embedTenantName: tenant.name, action: 'read', allowEmbed: true });
    const loner = await createEmbedViewer(server, { accountId, deploymentId });
    expect(await outcomeOf(publicId, loner.token)).toBe(403);
    await setRule(workbookId, { allEmbedUsers: true, action: 'read' });
    expect(await outcomeOf(publicId, loner.token)).toBe('open');
  });

  it('says why it refuses: embedding not allowed, a none rule, no rule', async () => {
    const { workbookId, publicId } = await publishedWorkbook();
    const user = await tenantUser();
    expect(errorMessageOf(await open(publicId, user.token), 'FORBIDDEN')).toBe(
      `dashboard ${publicId} does not allow embedding`,
    );
    await setRule(workbookId, { embedTenantName: tenant.name, action: 'none', allowEmbed: true });
    expect(errorMessageOf(await open(publicId, user.token), 'FORBIDDEN')).toMatch(/refuses this user/);
  });

  it('answers the rules of a workbook, and switches its dashboard with allowEmbed', async () => {
    const { workbookId, publicId } = await publishedWorkbook();
    const empty = await server.request({ method: 'GET', url: accessUrl(workbookId) });
    expect(empty.body).toEqual({
      allowEmbed: false,
      allEmbedUsers: { enabled: false, action: null, groupId: null },
      tenants: [],
    });
    await setRule(workbookId, { embedTenantName: tenant.name, groupId: groups.mine, action: 'read' });
    await setRule(workbookId, { embedTenantName: otherTenant.name, action: 'none' });
    await setRule(workbookId, { embedTenantName: tenant.name, action: 'read', allowEmbed: true });
    const all = await setRule(workbookId, { allEmbedUsers: true, action: 'none' });
    const expected = {
      allowEmbed: true,
      allEmbedUsers: { enabled: true, action: 'none', groupId: null },
      tenants: [
        { embedTenantName: 'acme', groupId: null, action: 'read' },
        { embedTenantName: 'acme', groupId: groups.mine, action: 'read' },
        { embedTenantName: 'globex', groupId: null, action: 'none' },
      ],
    };
    expect(all).toEqual(expected);
    expect((await server.request({ method: 'GET', url: accessUrl(workbookId) })).body).toEqual(expected);
    const dashboard = await server.request({
      method: 'GET',
      url: `/api/v1/dashboards/by-public-id/${publicId}`,
    });
    expect((dashboard.body as { allowEmbed: boolean }).allowEmbed).toBe(true);
  });

  it('switches a dashboard with PATCH /embed/dashboard/{publicId}, which embed tokens then obey', async () => {
    const { workbookId, publicId } = await publishedWorkbook();
    await setRule(workbookId, { allEmbedUsers: true, action: 'read' });
    const user = await tenantUser();
    expect(await outcomeOf(publicId, user.token)).toBe(403);
    const patch = (allowEmbed: boolean) =>
      server.request({ method: 'PATCH', url: `/api/v1/embed/dashboard/${publicId}`, body: { allowEmbed } });
    const enabled = await patch(true);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ publicId, allowEmbed: true });
    expect(await outcomeOf(publicId, user.token)).toBe('open');
    expect((await server.request({ method: 'GET', url: accessUrl(workbookId) })).body).toMatchObject({
      allowEmbed: true,
    });
    expect((await patch(false)).body).toEqual({ publicId, allowEmbed: false });
    expect(await outcomeOf(publicId, user.token)).toBe(403);
    expectErrorBody(
      await server.request({
        method: 'PATCH',
        url: '/api/v1/embed/dashboard/NoSuchBoard1',
        body: { allowEmbed: true },
      }),
      'NOT_FOUND',
    );
  });

  it('refuses rules for unknown tenants and groups (404 naming them), groups of another tenant (400)', async () => {
    const { workbookId } = await publishedWorkbook();
    const put = (body: Record<string, unknown>, id = workbookId) =>
      server.request({ method: 'PUT', url: accessUrl(id), body });
    expect(errorMessageOf(await put({ embedTenantName: 'initech', action: 'read' }), 'NOT_FOUND')).toContain(
      'embed tenant "initech"',
    );
    expect(
      errorMessageOf(
        await put({ embedTenantName: tenant.name, groupId: 999_999, action: 'read' }),
        'NOT_FOUND',
      ),
    ).toContain('embed group 999999');
    expect(
      errorMessageOf(
        await put({ embedTenantName: tenant.name, groupId: groups.otherTenants, action: 'read' }),
        'BAD_REQUEST',
      ),
    ).toContain(`group ${groups.otherTenants} belongs to embed tenant "globex", not "acme"`);
    expectErrorBody(
      await put({ embedTenantName: tenant.name, allEmbedUsers: true, action: 'read' }),
      'BAD_REQUEST',
    );
    expectErrorBody(await put({ groupId: groups.mine, action: 'read' }), 'BAD_REQUEST');
    expectErrorBody(await put({ allEmbedUsers: true, action: 'write' }), 'BAD_REQUEST');
    expectErrorBody(await put({ allEmbedUsers: true, action: 'read' }, 999_999), 'NOT_FOUND');
    // Nothing was written by the refused calls.
    expect((await server.request({ method: 'GET', url: accessUrl(workbookId) })).body).toMatchObject({
      allEmbedUsers: { enabled: false },
      tenants: [],
    });
  });

  it('refuses allowEmbed for a workbook that has no dashboard yet (404), and writes no rule then', async () => {
    const workbook = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/workbooks`,
      body: { name: 'never published' },
    });
    const workbookId = (workbook.body as { id: number }).id;
    const refused = await server.request({
      method: 'PUT',
      url: accessUrl(workbookId),
      body: { allEmbedUsers: true, action: 'read', allowEmbed: true },
    });
    expect(errorMessageOf(refused, 'NOT_FOUND')).toContain(`workbook ${workbookId}`);
    const rules = await server.request({ method: 'GET', url: accessUrl(workbookId) });
    expect(rules.body).toEqual({
      allowEmbed: false,
      allEmbedUsers: { enabled: false, action: null, groupId: null },
      tenants: [],
    });
    // Without allowEmbed the rule is kept for when it is published.
    expect(await setRule(workbookId, { allEmbedUsers: true, action: 'read' })).toMatchObject({
      allEmbedUsers: { enabled: true, action: 'read' },
    });
  });
});
