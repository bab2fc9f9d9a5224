import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashboardsTable } from '../../src/modules/dashboards/dashboards.tables.js';
import { NotificationSchedule } from '../../src/modules/notifications/notification-schedule.js';
import { NotificationScheduler } from '../../src/modules/notifications/notification-scheduler.js';
import {
  notificationDeliveriesTable,
  notificationDeliveryRecipientsTable,
  notificationsTable,
} from '../../src/modules/notifications/notifications.tables.js';
import { findDeploymentId } from '../security/account-resources.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import { insertNotification, notificationRow, publishTextDashboard } from './delivery-fixtures.js';

describe.each(storeEngines)('the notification scheduler on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let scheduler: NotificationScheduler;
  let base: { accountId: number; deploymentId: number; dashboardId: number; createdByUserId: number };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    // The test moves the clock itself: the process's own ticks (on the real clock) stop.
    scheduler = server.container.services.notificationScheduler;
    await scheduler.close();
    const deploymentId = await findDeploymentId(server, 'demo');
    const dashboard = await publishTextDashboard(server, deploymentId, 'Scheduled board');
    const [row] = await server.container.platform.store.database
      .select({ accountId: dashboardsTable.accountId, createdByUserId: dashboardsTable.createdByUserId })
      .from(dashboardsTable)
      .where(eq(dashboardsTable.id, dashboard.id));
    base = {
      accountId: row?.accountId ?? 0,
      deploymentId,
      dashboardId: dashboard.id,
      createdByUserId: row?.createdByUserId ?? 0,
    };
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    // Every test starts with no notification due.
    await server.container.platform.store.database.delete(notificationsTable);
  });

  const database = () => server.container.platform.store.database;
  const deliveriesOf = (notificationId: number) =>
    database()
      .select()
      .from(notificationDeliveriesTable)
      .where(eq(notificationDeliveriesTable.notificationId, notificationId))
      .orderBy(notificationDeliveriesTable.id);

  /** Ticks every 30 s from `from` to `to`, as a process would (its ticks are every few seconds). */
  async function tickThrough(from: string, to: string): Promise<void> {
    for (let time = Date.parse(from); time <= Date.parse(to); time += 30_000)
      await scheduler.tick(new Date(time));
  }

  it('delivers a due run once, with a row per recipient, and moves next_run_at past now', async () => {
    const notificationId = await insertNotification(server, {
      ...base,
      schedule: '0 9 * * *',
      nextRunAt: new Date('2026-11-20T09:00:00Z'),
      recipients: [
        { type: 'email', email: 'ann@example.com' },
        { type: 'user', userId: base.createdByUserId },
      ],
    });
    const outcome = await scheduler.tick(new Date('2026-11-20T09:00:04Z'));
    expect(outcome.delivered).toBe(1);
    expect(await scheduler.tick(new Date('2026-11-20T09:00:09Z'))).toEqual({ delivered: 0, skipped: 0 });
    const deliveries = await deliveriesOf(notificationId);
    expect(deliveries.map((delivery) => [delivery.trigger, delivery.scheduledFor.toISOString()])).toEqual([
      ['schedule', '2026-11-20T09:00:00.000Z'],
    ]);
    const recipients = await database()
      .select()
      .from(notificationDeliveryRecipientsTable)
      .where(eq(notificationDeliveryRecipientsTable.deliveryId, deliveries[0]?.id ?? 0));
    expect(recipients.map((recipient) => recipient.recipient.type).sort()).toEqual(['email', 'user']);
    const row = await notificationRow(server, notificationId);
    expect(row.nextRunAt?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(row.lastRunAt?.toISOString()).toBe('2026-11-20T09:00:00.000Z');
  });

  it('after every process was down, sends one catch-up for the missed runs, not one per minute', async () => {
    const notificationId = await insertNotification(server, {
      ...base,
      schedule: '* * * * *',
      nextRunAt: new Date('2026-11-20T09:50:00Z'),
    });
    await scheduler.tick(new Date('2026-11-20T10:00:30Z'));
    await scheduler.tick(new Date('2026-11-20T10:00:35Z'));
    const deliveries = await deliveriesOf(notificationId);
    expect(deliveries.map((delivery) => [delivery.trigger, delivery.scheduledFor.toISOString()])).toEqual([
      ['catch_up', '2026-11-20T09:50:00.000Z'],
    ]);
    expect((await notificationRow(server, notificationId)).nextRunAt?.toISOString()).toBe(
      '2026-11-20T10:01:00.000Z',
    );
    // The schedule goes on as usual from there.
    await scheduler.tick(new Date('2026-11-20T10:01:02Z'));
    expect((await deliveriesOf(notificationId)).map((delivery) => delivery.trigger)).toEqual([
      'catch_up',
      'schedule',
    ]);
  });

  it('claims each due run once when two processes tick at the same moment', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      ids.push(await insertNotification(server, { ...base, nextRunAt: new Date('2026-11-20T11:00:00Z') }));
    }
    const other = new NotificationScheduler(
      server.container.platform.store.database,
      server.container.platform.jobs,
      server.container.services.dashboards,
      server.container.logger,
      { tickMilliseconds: 5_000, batchSize: 7 },
    );
    const now = new Date('2026-11-20T11:00:01Z');
    const outcomes = await Promise.all([scheduler.tick(now), other.tick(now), other.tick(now)]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.delivered, 0)).toBe(30);
    for (const id of ids) expect(await deliveriesOf(id)).toHaveLength(1);
  });

  it('moves past an archived dashboard without delivering, and never claims a disabled notification', async () => {
    const archived = await publishTextDashboard(server, base.deploymentId, 'Archived board');
    await database()
      .update(dashboardsTable)
      .set({ status: 'archived' })
      .where(eq(dashboardsTable.id, archived.id));
    const onArchived = await insertNotification(server, {
      ...base,
      dashboardId: archived.id,
      schedule: '0 * * * *',
      nextRunAt: new Date('2026-11-20T12:00:00Z'),
    });
    const disabled = await insertNotification(server, {
      ...base,
      isEnabled: false,
      nextRunAt: new Date('2026-11-20T12:00:00Z'),
    });
    expect(await scheduler.tick(new Date('2026-11-20T12:00:02Z'))).toEqual({ delivered: 0, skipped: 1 });
    expect(await deliveriesOf(onArchived)).toHaveLength(0);
    expect((await notificationRow(server, onArchived)).nextRunAt?.toISOString()).toBe(
      '2026-11-20T13:00:00.000Z',
    );
    expect(await deliveriesOf(disabled)).toHaveLength(0);
    expect((await notificationRow(server, disabled)).nextRunAt?.toISOString()).toBe(
      '2026-11-20T12:00:00.000Z',
    );
  });

  describe('a schedule at 02:30 in Europe/Berlin across the daylight-saving changes', () => {
    const schedule = NotificationSchedule.parse('30 2 * * *', 'Europe/Berlin');

    it('on the spring-forward day (2026-03-29, 02:00 → 03:00) runs once, at 03:00 local', async () => {
      const notificationId = await insertNotification(server, {
        ...base,
        schedule: '30 2 * * *',
        timezone: 'Europe/Berlin',
        nextRunAt: schedule.nextAfter(new Date('2026-03-28T12:00:00Z')),
      });
      await tickThrough('2026-03-28T23:00:00Z', '2026-03-29T04:00:00Z');
      const deliveries = await deliveriesOf(notificationId);
      // 03:00 CEST is 01:00 UTC.
      expect(deliveries.map((delivery) => [delivery.trigger, delivery.scheduledFor.toISOString()])).toEqual([
        ['schedule', '2026-03-29T01:00:00.000Z'],
      ]);
      // The next day is summer time: 02:30 CEST is 00:30 UTC.
      expect((await notificationRow(server, notificationId)).nextRunAt?.toISOString()).toBe(
        '2026-03-30T00:30:00.000Z',
      );
    });

    it('on the fall-back day (2026-10-25, 03:00 → 02:00) runs once, at the first 02:30', async () => {
      const notificationId = await insertNotification(server, {
        ...base,
        schedule: '30 2 * * *',
        timezone: 'Europe/Berlin',
        nextRunAt: schedule.nextAfter(new Date('2026-10-24T12:00:00Z')),
      });
      await tickThrough('2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z');
      const deliveries = await deliveriesOf(notificationId);
      // The first 02:30 (CEST) is 00:30 UTC; the repeated one (CET, 01:30 UTC) is not run again.
      expect(deliveries.map((delivery) => [delivery.trigger, delivery.scheduledFor.toISOString()])).toEqual([
        ['schedule', '2026-10-25T00:30:00.000Z'],
      ]);
      expect((await notificationRow(server, notificationId)).nextRunAt?.toISOString()).toBe(
        '2026-10-26T01:30:00.000Z',
      );
    });
  });
});
