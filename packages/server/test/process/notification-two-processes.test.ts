import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, SharedInstallation, waitUntil } from './cluster-processes.js';
import { type RoleProcess, startRoleProcess, stopServerProcess } from './server-process.js';

const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface DeliveryRecord {
  trigger: string;
  scheduled_for: Date;
  created_at: Date;
}

/**
 * Two real server processes (`--role all`, both ticking the scheduler and working jobs) on one PostgreSQL
 * store, with a notification due every minute: each minute is delivered once, whichever process claims
 * it, and on time. Takes a little over three minutes of wall time.
 */
describe.skipIf(!databaseUrl)('a schedule due every minute with two processes', () => {
  let installation: SharedInstallation | undefined;
  const processes: RoleProcess[] = [];
  const store = new pg.Client({ connectionString: databaseUrl });

  afterAll(async () => {
    await Promise.all(processes.map((server) => stopServerProcess(server)));
    await store.end().catch(() => undefined);
    await installation?.remove();
  });

  it('delivers each minute exactly once, within 30 s of it', { timeout: 300_000 }, async () => {
    installation = await SharedInstallation.create(databaseUrl, redisUrl);
    const environment = { ...installation.environment, LOG_LEVEL: 'warn' };
    processes.push(await startRoleProcess('all', environment));
    processes.push(await startRoleProcess('all', environment));
    const [first] = processes;
    if (!first) throw new Error('no process');
    const key = installation.adminKey;
    const call = <Value>(method: string, path: string, body?: object) =>
      callApi<Value>(first, key, method, path, body);
    const deployments = await call<{ items: Array<{ id: number; name: string }> }>(
      'GET',
      '/api/v1/deployments',
    );
    const demo = deployments.items.find((deployment) => deployment.name === 'demo');
    if (!demo) throw new Error('no demo deployment');
    const base = `/api/v1/deployments/${demo.id}`;
    const workbook = await call<{ id: number }>('POST', `${base}/workbooks`, { name: 'Every minute' });
    const dashboard = await call<{ id: number; accountId?: number }>(
      'POST',
      `${base}/workbooks/${workbook.id}/publish`,
      {
        workbookId: workbook.id,
        config: {
          kind: 'CLASSIC',
          title: 'Every minute',
          widgets: [
            { id: 'note', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 4 }, config: { markdown: 'hi' } },
          ],
        },
      },
    );
    await store.connect();
    const schema = installation.schema;
    const notification = await call<{ id: number; nextRunAt: string }>('POST', `${base}/notifications`, {
      dashboardId: dashboard.id,
      name: 'Every minute',
      schedule: '* * * * *',
      timezone: 'UTC',
      notificationFormat: 'html',
    });
    const notificationId = notification.id;
    const firstMinute = Date.parse(notification.nextRunAt);
    const deliveries = async () =>
      (
        await store.query<DeliveryRecord>(
          `SELECT trigger, scheduled_for, created_at FROM ${schema}.notification_deliveries
           WHERE notification_id = $1 ORDER BY scheduled_for`,
          [notificationId],
        )
      ).rows;
    // Three minute boundaries, and time enough after the third for a late claim to show.
    await waitUntil(
      async () => Date.now() > firstMinute + 2 * 60_000 + 35_000,
      'three minutes',
      processes,
      240,
    );
    const made = await deliveries();
    expect(made.map((delivery) => [delivery.trigger, delivery.scheduled_for.getTime()])).toEqual([
      ['schedule', firstMinute],
      ['schedule', firstMinute + 60_000],
      ['schedule', firstMinute + 120_000],
    ]);
    for (const delivery of made) {
      expect(delivery.created_at.getTime() - delivery.scheduled_for.getTime()).toBeLessThan(30_000);
    }
    // Both processes were up throughout: neither stopped or logged a failed tick.
    for (const server of processes) {
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/notification scheduler tick failed/);
    }
  });
});
