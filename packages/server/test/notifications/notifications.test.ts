import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  notificationRecipientsTable,
  notificationsTable,
} from '../../src/modules/notifications/notifications.tables.js';
import { expectErrorBody } from '../http/expect-error-body.js';
import {
  createOtherAccount,
  createUserWithKey,
  type StoreEngine,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';
import { type Notification, notificationApiHarness } from './notification-api-harness.js';
import { type PublishedDashboard, publishDashboard } from './notification-fixtures.js';

describe.each(storeEngines)(
  'notifications: creating and changing one, checked against its dashboard, on %s',
  (engine: StoreEngine) => {
    const { state, database, call, create, expectMessage } = notificationApiHarness(engine);
    let server: TestServer;
    let deploymentId: number;
    let base: string;
    let adminUserId: number;
    let dashboard: PublishedDashboard;
    let other: PublishedDashboard;
    let viewer: { userId: number; key: string };
    let developer: { userId: number; key: string };
    beforeAll(() => {
      ({ server, deploymentId, base, adminUserId, dashboard, other, viewer, developer } = state);
    });

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
      const minute = await call('POST', base, {
        dashboardId: dashboard.id,
        name: 'x',
        schedule: '61 9 * * 1',
      });
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
      const refused = await call('POST', base, {
        dashboardId: archived.id,
        name: 'x',
        schedule: '0 9 * * 1',
      });
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
        [
          { filters: [{ widgetId: 'notes', values: ['x'] }] },
          /filters\[0\].*"notes".*TEXT widget, not FILTER/,
        ],
        [
          { filters: [{ widgetId: 'country', operator: 'set', values: ['x'] }] },
          /filters\[0\].*set.*takes no values/,
        ],
        [{ filters: [{ widgetId: 'country', values: [] }] }, /filters\[0\].*at least one value/],
        [
          { timeGrains: [{ widgetId: 'country', grain: 'day' }] },
          /timeGrains\[0\].*"country".*not TIME_GRAIN/,
        ],
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
  },
);
