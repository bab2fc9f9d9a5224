import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationDeliveriesTable,
  notificationRecipientsTable,
  notificationsTable,
} from '../../src/modules/notifications/notifications.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import { createDeployment, findDeploymentId } from '../security/account-resources.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { type PublishedDashboard, publishDashboard } from './notification-fixtures.js';

interface Recipient {
  type: string;
  userId: number | null;
  email: string | null;
  embedTenantName: string | null;
  externalId: string | null;
  url: string | null;
  channelName: string | null;
}

interface Notification {
  id: number;
  deploymentId: number;
  dashboardId: number;
  dashboardPublicId: string;
  name: string;
  schedule: string;
  timezone: string;
  humanReadableSchedule: string;
  notificationFormat: string;
  filters: unknown[] | null;
  timeGrains: unknown[] | null;
  isEnabled: boolean;
  recipients: Recipient[];
  webhookSecret: string | null;
  createdByUserId: number | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
}

interface Page<Item> {
  items: Item[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe.each(storeEngines)('notifications: CRUD, listing and recipients on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let base: string;
  let adminUserId: number;
  let dashboard: PublishedDashboard;
  let other: PublishedDashboard;
  let viewer: { userId: number; key: string };
  let developer: { userId: number; key: string };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    deploymentId = await findDeploymentId(server, 'demo');
    base = `/api/v1/deployments/${deploymentId}/notifications`;
    const me = await server.request({ method: 'GET', url: '/api/v1/users/me' });
    adminUserId = (me.body as { id: number }).id;
    dashboard = await publishDashboard(server, deploymentId, 'Weekly sales');
    other = await publishDashboard(server, deploymentId, 'Other sales');
    viewer = await createUserWithKey(server, 'viewer');
    developer = await createUserWithKey(server, 'developer');
  });
  afterAll(async () => {
    await server?.close();
  });

  const database = () => server.container.platform.store.database;
  const call = (method: string, url: string, body?: unknown, key?: string) =>
    server.request({ method, url, body, ...(key === undefined ? {} : { key }) });
  async function create(body: Record<string, unknown>, key?: string): Promise<Notification> {
    const answer = await call(
      'POST',
      base,
      { dashboardId: dashboard.id, name: 'n', schedule: '0 9 * * 1', ...body },
      key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Notification;
  }
  const expectMessage = (answer: { body: unknown }, pattern: RegExp) =>
    expect((answer.body as { message: string }).message).toMatch(pattern);

  it('creates a notification: the tenant default time zone, the schedule in words, nextRunAt, its creator, a secret shown once', async () => {
    const settings = await call('PUT', '/api/v1/tenant/settings', { defaultTimezone: 'Europe/Berlin' });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const before = new Date();
    const created = await create({
      name: 'Weekly sales',
      notificationFormat: 'png',
      recipients: [{ type: 'email', email: 'Boss@Example.com' }],
    });
    await call('PUT', '/api/v1/tenant/settings', { defaultTimezone: 'UTC' });
    expect(created).toMatchObject({
      deploymentId,
      dashboardId: dashboard.id,
      dashboardPublicId: dashboard.publicId,
      name: 'Weekly sales',
      schedule: '0 9 * * 1',
      timezone: 'Europe/Berlin',
      humanReadableSchedule: 'Every Monday at 09:00 Europe/Berlin',
      notificationFormat: 'png',
      filters: null,
      timeGrains: null,
      isEnabled: true,
      createdByUserId: adminUserId,
      lastRunAt: null,
      recipients: [{ type: 'email', email: 'Boss@Example.com', userId: null, url: null }],
    });
    const expectedNext = new Cron('0 9 * * 1', { timezone: 'Europe/Berlin', paused: true }).nextRun(before);
    expect(created.nextRunAt).toBe(expectedNext?.toISOString());
    expect(created.webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await database()
      .select()
      .from(notificationsTable)
      .where(eq(notificationsTable.id, created.id));
    expect(stored?.webhookSecret).not.toContain(created.webhookSecret);
    expect(server.container.platform.secretBox.decrypt(stored?.webhookSecret ?? '')).toBe(
      created.webhookSecret,
    );
    const read = (await call('GET', `${base}/${created.id}`)).body as Notification;
    expect(read.webhookSecret).toBe('[ENCRYPTED]');
    expect(server.logLines.join('\n')).not.toContain(created.webhookSecret);
    const withSecret = await create({
      webhookSecret: 'a-given-secret-long-enough',
      timezone: 'UTC',
      isEnabled: false,
    });
    expect(withSecret).toMatchObject({
      webhookSecret: 'a-given-secret-long-enough',
      nextRunAt: null,
      timezone: 'UTC',
    });
  });

  it('takes the dashboard by public id; both or neither is a 400 saying so', async () => {
    const byPublicId = await create({ dashboardId: undefined, dashboardPublicId: other.publicId });
    expect(byPublicId).toMatchObject({ dashboardId: other.id, dashboardPublicId: other.publicId });
    const both = await call('POST', base, {
      dashboardId: dashboard.id,
      dashboardPublicId: dashboard.publicId,
      name: 'x',
      schedule: '0 9 * * 1',
    });
    expectErrorBody(both, 'BAD_REQUEST');
    expectMessage(both, /exactly one of dashboardId and dashboardPublicId/);
    const neither = await call('POST', base, { name: 'x', schedule: '0 9 * * 1' });
    expectErrorBody(neither, 'BAD_REQUEST');
    expectMessage(neither, /exactly one of dashboardId and dashboardPublicId/);
    expectErrorBody(
      await call('POST', base, { dashboardId: 999999, name: 'x', schedule: '0 9 * * 1' }),
      'NOT_FOUND',
    );
  });

  it('refuses a bad cron field or time zone naming it, and an archived dashboard', async () => {
    const minute = await call('POST', base, { dashboardId: dashboard.id, name: 'x', schedule: '61 9 * * 1' });
    expectErrorBody(minute, 'BAD_REQUEST');
    expectMessage(minute, /minute field "61"/);
    const zone = await call('POST', base, {
      dashboardId: dashboard.id,
      name: 'x',
      schedule: '0 9 * * 1',
      timezone: 'Mars/Olympus',
    });
    expectErrorBody(zone, 'BAD_REQUEST');
    expectMessage(zone, /timezone/);
    const archived = await publishDashboard(server, deploymentId, 'Archived');
    const archive = await call('PUT', `/api/v1/deployments/${deploymentId}/dashboards/${archived.id}`, {
      status: 'archived',
    });
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);
    const refused = await call('POST', base, { dashboardId: archived.id, name: 'x', schedule: '0 9 * * 1' });
    expectErrorBody(refused, 'BAD_REQUEST');
    expectMessage(refused, /archived/);
  });

  it('checks filters and time grains against the FILTER and TIME_GRAIN widgets, naming the widget', async () => {
    const created = await create({
      filters: [{ widgetId: 'country', values: ['DE', 'FR'] }],
      timeGrains: [{ widgetId: 'grain', grain: 'week' }],
    });
    expect(created.filters).toEqual([{ widgetId: 'country', operator: 'equals', values: ['DE', 'FR'] }]);
    expect(created.timeGrains).toEqual([{ widgetId: 'grain', grain: 'week' }]);
    for (const [body, pattern] of [
      [{ filters: [{ widgetId: 'missing', values: ['x'] }] }, /filters\[0\].*no widget "missing"/],
      [{ filters: [{ widgetId: 'notes', values: ['x'] }] }, /filters\[0\].*"notes".*TEXT widget, not FILTER/],
      [
        { filters: [{ widgetId: 'country', operator: 'set', values: ['x'] }] },
        /filters\[0\].*set.*takes no values/,
      ],
      [{ filters: [{ widgetId: 'country', values: [] }] }, /filters\[0\].*at least one value/],
      [{ timeGrains: [{ widgetId: 'country', grain: 'day' }] }, /timeGrains\[0\].*"country".*not TIME_GRAIN/],
      [
        { timeGrains: [{ widgetId: 'grain', grain: 'day' }] },
        /timeGrains\[0\].*"grain" offers week, month, not day/,
      ],
    ] as const) {
      const answer = await call('POST', base, {
        dashboardId: dashboard.id,
        name: 'x',
        schedule: '0 9 * * 1',
        ...body,
      });
      expectErrorBody(answer, 'BAD_REQUEST', JSON.stringify(body));
      expectMessage(answer, pattern);
    }
  });

  it('checks recipients: active users of the account only, duplicates merged, no link-local or metadata webhooks, URL credentials sealed', async () => {
    const outsider = await createOtherAccount(server);
    const foreign = await call('POST', base, {
      dashboardId: dashboard.id,
      name: 'x',
      schedule: '0 9 * * 1',
      recipients: [{ type: 'user', userId: outsider.adminUserId }],
    });
    expectErrorBody(foreign, 'BAD_REQUEST');
    expectMessage(foreign, new RegExp(`user ${outsider.adminUserId} is not an active user`));
    const leaver = await createUserWithKey(server, 'viewer');
    await call('PUT', `/api/v1/users/${leaver.userId}`, { status: 'inactive' });
    const inactive = await call('POST', base, {
      dashboardId: dashboard.id,
      name: 'x',
      schedule: '0 9 * * 1',
      recipients: [{ type: 'user', userId: leaver.userId }],
    });
    expectErrorBody(inactive, 'BAD_REQUEST');
    expectMessage(inactive, new RegExp(`user ${leaver.userId}`));
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://metadata.google.internal/computeMetadata/v1',
      'http://[fe80::1]/hook',
    ]) {
      const answer = await call('POST', base, {
        dashboardId: dashboard.id,
        name: 'x',
        schedule: '0 9 * * 1',
        recipients: [{ type: 'webhook', url }],
      });
      expectErrorBody(answer, 'BAD_REQUEST', url);
      expectMessage(answer, /recipients\[0\]\.url: .*link-local or cloud metadata/);
    }
    const created = await create({
      recipients: [
        { type: 'user', userId: viewer.userId },
        { type: 'user', userId: viewer.userId, channelName: 'again' },
        { type: 'email', email: 'a@example.com' },
        { type: 'email', email: 'A@EXAMPLE.com' },
        { type: 'webhook', url: 'https://hook:s3cret-token@hooks.example.com/in' },
      ],
    });
    expect(created.recipients.map((recipient) => recipient.type)).toEqual(['user', 'email', 'webhook']);
    expect(created.recipients[0]?.channelName).toBeNull();
    expect(created.recipients[2]?.url).toBe('https://hook:[ENCRYPTED]@hooks.example.com/in');
    const rows = await database()
      .select()
      .from(notificationRecipientsTable)
      .where(eq(notificationRecipientsTable.notificationId, created.id))
      .orderBy(notificationRecipientsTable.id);
    expect(JSON.stringify(rows)).not.toContain('s3cret-token');
    expect(rows.map((row) => row.recipientKey).slice(0, 2)).toEqual([
      `user:${viewer.userId}`,
      'email:a@example.com',
    ]);
    const forDelivery = await server.container.services.notifications.loadForDelivery(created.id);
    expect(forDelivery?.recipients[2]?.openedUrl).toBe('https://hook:s3cret-token@hooks.example.com/in');
    expect(forDelivery?.webhookSecret).toBe(created.webhookSecret);
  });

  it('updates: given fields replace, recipients replace the list, nextRunAt follows the switch, a new secret shows once', async () => {
    const created = await create({ recipients: [{ type: 'email', email: 'first@example.com' }] });
    const disabled = await call('PUT', `${base}/${created.id}`, { isEnabled: false, name: 'Renamed' });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({
      name: 'Renamed',
      isEnabled: false,
      nextRunAt: null,
      schedule: '0 9 * * 1',
      webhookSecret: '[ENCRYPTED]',
      recipients: [{ email: 'first@example.com' }],
    });
    const before = new Date();
    const changed = (
      await call('PUT', `${base}/${created.id}`, {
        isEnabled: true,
        schedule: '*/15 * * * *',
        timezone: 'America/New_York',
        recipients: [
          { type: 'email', email: 'second@example.com' },
          { type: 'user', userId: developer.userId },
        ],
        webhookSecret: 'a-replaced-secret-long-enough',
        timeGrains: [{ widgetId: 'grain', grain: 'month' }],
      })
    ).body as Notification;
    expect(changed).toMatchObject({
      humanReadableSchedule: 'Every 15 minutes America/New_York',
      webhookSecret: 'a-replaced-secret-long-enough',
      timeGrains: [{ widgetId: 'grain', grain: 'month' }],
      recipients: [{ email: 'second@example.com' }, { userId: developer.userId }],
    });
    const expectedNext = new Cron('*/15 * * * *', { timezone: 'America/New_York', paused: true }).nextRun(
      before,
    );
    expect(changed.nextRunAt).toBe(expectedNext?.toISOString());
    const moved = (await call('PUT', `${base}/${created.id}`, { dashboardPublicId: other.publicId }))
      .body as Notification;
    expect(moved).toMatchObject({
      dashboardId: other.id,
      dashboardPublicId: other.publicId,
      nextRunAt: changed.nextRunAt,
    });
    const bare = await publishDashboard(server, deploymentId, 'Bare', {
      widgets: [{ id: 'revenue', type: 'CHART', position: { x: 0, y: 0, w: 6, h: 4 } }],
    });
    const keptGrains = await call('PUT', `${base}/${created.id}`, { dashboardId: bare.id });
    expectErrorBody(keptGrains, 'BAD_REQUEST');
    expectMessage(keptGrains, /timeGrains\[0\]: .* has no widget "grain"/);
    const cleared = (await call('PUT', `${base}/${created.id}`, { dashboardId: bare.id, timeGrains: null }))
      .body as Notification;
    expect(cleared).toMatchObject({ dashboardId: bare.id, timeGrains: null, filters: null });
    const failing = await call('PUT', `${base}/${created.id}`, {
      name: 'Never',
      recipients: [{ type: 'webhook', url: 'http://169.254.169.254/' }],
    });
    expectErrorBody(failing, 'BAD_REQUEST');
    const unchanged = (await call('GET', `${base}/${created.id}`)).body as Notification;
    expect(unchanged.name).toBe('Renamed');
    expect(unchanged.recipients).toHaveLength(2);
  });

  it('adds and removes recipients (a DELETE with a body), 404 for one that is not there, and changes nothing then', async () => {
    const created = await create({ recipients: [{ type: 'email', email: 'keep@example.com' }] });
    const recipients = `${base}/${created.id}/recipients`;
    const added = await call('POST', recipients, {
      recipients: [
        { type: 'email', email: 'KEEP@example.com', channelName: 'ignored' },
        { type: 'user', userId: viewer.userId },
        { type: 'embedUser', embedTenantName: 'acme', externalId: 'Alice' },
        { type: 'webhook', url: 'https://hooks.example.com/a' },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((added.body as Page<Recipient>).items).toMatchObject([
      { type: 'email', email: 'keep@example.com', channelName: null },
      { type: 'user', userId: viewer.userId },
      { type: 'embedUser', embedTenantName: 'acme', externalId: 'alice' },
      { type: 'webhook', url: 'https://hooks.example.com/a' },
    ]);
    const first = (await call('GET', `${recipients}?first=2`)).body as Page<Recipient>;
    expect(first.items).toHaveLength(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await call('GET', `${recipients}?first=2&after=${first.pageInfo.endCursor}`))
      .body as Page<Recipient>;
    expect(second.items.map((item) => item.type)).toEqual(['embedUser', 'webhook']);
    const missing = await server.request({
      method: 'DELETE',
      url: recipients,
      body: {
        recipients: [
          { type: 'email', id: 'keep@example.com' },
          { type: 'email', id: 'nobody@example.com' },
        ],
      },
    });
    expectErrorBody(missing, 'NOT_FOUND');
    expectMessage(missing, /email nobody@example.com is not a recipient/);
    expect(((await call('GET', recipients)).body as Page<Recipient>).items).toHaveLength(4);
    const removed = await server.request({
      method: 'DELETE',
      url: recipients,
      body: {
        recipients: [
          { type: 'email', id: 'Keep@Example.com' },
          { type: 'user', id: String(viewer.userId) },
          { type: 'embedUser', id: 'ALICE', embedTenantName: 'acme' },
        ],
      },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((removed.body as Page<Recipient>).items).toMatchObject([{ type: 'webhook' }]);
    const byUrl = await server.request({
      method: 'DELETE',
      url: recipients,
      body: { recipients: [{ type: 'webhook', url: 'https://hooks.example.com/a' }] },
    });
    expect((byUrl.body as Page<Recipient>).items).toEqual([]);
  });

  it('lists with every filter and both pagings, in the deployment and account-wide', async () => {
    const listed = await publishDashboard(server, deploymentId, 'Listed');
    const toUser = await create({
      dashboardId: listed.id,
      recipients: [{ type: 'user', userId: viewer.userId }],
    });
    const toEmail = await create({
      dashboardId: listed.id,
      recipients: [{ type: 'email', email: 'list@example.com' }],
    });
    const toEmbed = await create({
      dashboardId: listed.id,
      recipients: [{ type: 'embedUser', embedTenantName: 'listed-tenant', externalId: 'bob' }],
    });
    const ids = async (query: string, url = base) => {
      const answer = await call('GET', `${url}?first=100&${query}`);
      expect(answer.status, `${query} ${JSON.stringify(answer.body)}`).toBe(200);
      return (answer.body as Page<Notification>).items.map((item) => item.id);
    };
    const all = [toUser.id, toEmail.id, toEmbed.id];
    expect(await ids(`dashboardId=${listed.id}`)).toEqual(all);
    expect(await ids(`dashboardPublicId=${listed.publicId}`)).toEqual(all);
    expect(await ids(`dashboardId=${listed.id}&recipientUserId=${viewer.userId}`)).toEqual([toUser.id]);
    expect(await ids('recipientEmail=LIST@example.com')).toEqual([toEmail.id]);
    expect(await ids('recipientEmbedTenantName=listed-tenant')).toEqual([toEmbed.id]);
    expect(await ids('recipientEmbedTenantName=listed-tenant&recipientExternalId=BOB')).toEqual([toEmbed.id]);
    expect(await ids('recipientEmbedTenantName=listed-tenant&recipientExternalId=carol')).toEqual([]);
    const alone = await call('GET', `${base}?recipientExternalId=bob`);
    expectErrorBody(alone, 'BAD_REQUEST');
    expectMessage(alone, /recipientExternalId: give it with recipientEmbedTenantName/);
    const page = (await call('GET', `${base}?dashboardId=${listed.id}&first=2`)).body as Page<Notification>;
    expect(page.items.map((item) => item.id)).toEqual(all.slice(0, 2));
    const next = (
      await call('GET', `${base}?dashboardId=${listed.id}&first=2&after=${page.pageInfo.endCursor}`)
    ).body as Page<Notification>;
    expect(next.items.map((item) => item.id)).toEqual(all.slice(2));
    expect(await ids(`dashboardId=${listed.id}&limit=1&offset=1`)).toEqual([toEmail.id]);
    const account = '/api/v1/notifications';
    const elsewhere = await createDeployment(server, `notifications-elsewhere-${engine}`);
    const elsewhereDashboard = await publishDashboard(server, elsewhere, 'Elsewhere');
    const elsewhereCreated = await call('POST', `/api/v1/deployments/${elsewhere}/notifications`, {
      dashboardId: elsewhereDashboard.id,
      name: 'Elsewhere',
      schedule: '0 9 * * *',
      recipients: [{ type: 'email', email: 'list@example.com' }],
    });
    expect(elsewhereCreated.status, JSON.stringify(elsewhereCreated.body)).toBe(201);
    const elsewhereId = (elsewhereCreated.body as Notification).id;
    expect(await ids('recipientEmail=list@example.com', account)).toEqual([toEmail.id, elsewhereId]);
    expect(await ids(`recipientEmail=list@example.com&deploymentId=${elsewhere}`, account)).toEqual([
      elsewhereId,
    ]);
    expect(
      await ids(`dashboardPublicId=${listed.publicId}&recipientUserId=${viewer.userId}`, account),
    ).toEqual([toUser.id]);
    expectErrorBody(await call('GET', `${account}?deploymentId=999999`), 'NOT_FOUND');
  });

  it('needs ContentRead and sight of the dashboard to read, ContentEdit to write, EmbedManage for embed users', async () => {
    const hidden = await publishDashboard(server, deploymentId, 'Hidden', { isShared: false });
    const hiddenNotification = await create({ dashboardId: hidden.id });
    const visible = await create({});
    const viewerIds = (
      (await call('GET', `${base}?first=100`, undefined, viewer.key)).body as Page<Notification>
    ).items.map((item) => item.id);
    expect(viewerIds).toContain(visible.id);
    expect(viewerIds).not.toContain(hiddenNotification.id);
    const accountIds = (
      (await call('GET', '/api/v1/notifications?first=100', undefined, viewer.key)).body as Page<Notification>
    ).items.map((item) => item.id);
    expect(accountIds).not.toContain(hiddenNotification.id);
    expectErrorBody(
      await call('GET', `${base}/${hiddenNotification.id}`, undefined, viewer.key),
      'NOT_FOUND',
    );
    expectErrorBody(
      await call('GET', `${base}/${hiddenNotification.id}/recipients`, undefined, viewer.key),
      'NOT_FOUND',
    );
    expect((await call('GET', `${base}/${visible.id}`, undefined, viewer.key)).status).toBe(200);
    expectErrorBody(
      await call('POST', base, { dashboardId: dashboard.id, name: 'x', schedule: '0 9 * * 1' }, viewer.key),
      'FORBIDDEN',
    );
    expectErrorBody(await call('PUT', `${base}/${visible.id}`, { name: 'x' }, viewer.key), 'FORBIDDEN');
    expectErrorBody(await call('DELETE', `${base}/${visible.id}`, undefined, viewer.key), 'FORBIDDEN');
    const mine = await create({ recipients: [{ type: 'email', email: 'dev@example.com' }] }, developer.key);
    expect(mine.createdByUserId).toBe(developer.userId);
    const embedUser = { type: 'embedUser', embedTenantName: 'acme', externalId: 'eve' };
    const embedRefused = await call(
      'POST',
      base,
      { dashboardId: dashboard.id, name: 'x', schedule: '0 9 * * 1', recipients: [embedUser] },
      developer.key,
    );
    expectErrorBody(embedRefused, 'FORBIDDEN');
    expectMessage(embedRefused, /EmbedManage/);
    expectErrorBody(
      await call('POST', `${base}/${mine.id}/recipients`, { recipients: [embedUser] }, developer.key),
      'FORBIDDEN',
    );
    expectErrorBody(
      await call('PUT', `${base}/${mine.id}`, { recipients: [embedUser] }, developer.key),
      'FORBIDDEN',
    );
    const removeEmbed = await call(
      'DELETE',
      `${base}/${mine.id}/recipients`,
      { recipients: [{ type: 'embedUser', id: 'eve', embedTenantName: 'acme' }] },
      developer.key,
    );
    expectErrorBody(removeEmbed, 'FORBIDDEN');
    const outsider = await createOtherAccount(server);
    for (const [method, suffix, body] of [
      ['GET', `/${visible.id}`, undefined],
      ['PUT', `/${visible.id}`, { name: 'x' }],
      ['DELETE', `/${visible.id}`, undefined],
      ['GET', '', undefined],
      ['GET', `/${visible.id}/recipients`, undefined],
      ['POST', `/${visible.id}/recipients`, { recipients: [{ type: 'email', email: 'x@example.com' }] }],
    ] as const) {
      expectErrorBody(
        await call(method, `${base}${suffix}`, body, outsider.adminKey),
        'NOT_FOUND',
        `${method} ${suffix}`,
      );
    }
    const outsiderAccount = (await call('GET', '/api/v1/notifications', undefined, outsider.adminKey))
      .body as Page<Notification>;
    expect(outsiderAccount.items).toEqual([]);
  });

  it('deletes a notification with its recipients and delivery history', async () => {
    const created = await create({ recipients: [{ type: 'email', email: 'gone@example.com' }] });
    await database()
      .insert(notificationDeliveriesTable)
      .values({ notificationId: created.id, trigger: 'send', scheduledFor: new Date() });
    const deleted = await call('DELETE', `${base}/${created.id}`);
    expect(deleted.status).toBe(204);
    expectErrorBody(await call('GET', `${base}/${created.id}`), 'NOT_FOUND');
    expect(
      await database()
        .select()
        .from(notificationDeliveriesTable)
        .where(eq(notificationDeliveriesTable.notificationId, created.id)),
    ).toEqual([]);
    expect(
      await database()
        .select()
        .from(notificationRecipientsTable)
        .where(eq(notificationRecipientsTable.notificationId, created.id)),
    ).toEqual([]);
    expectErrorBody(await call('DELETE', `${base}/${created.id}`), 'NOT_FOUND');
  });
});
