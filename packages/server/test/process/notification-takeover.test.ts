import { createHmac } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalWebhookServer, startLocalWebhookServer } from '../notifications/local-webhook-server.js';
import { callApi, SharedInstallation, waitUntil } from './cluster-processes.js';
import { type RoleProcess, startRoleProcess, stopServerProcess } from './server-process.js';

const databaseUrl = process.env.DATABASE_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A process killed with SIGKILL while its webhook receiver holds the request open: the other process takes
 * the delivery's job over once the lease (2 s here) has passed and completes it, recorded once.
 */
describe.skipIf(!databaseUrl)('a delivery whose process is killed mid-send', () => {
  let installation: SharedInstallation | undefined;
  let receiver: LocalWebhookServer | undefined;
  const processes: RoleProcess[] = [];
  const store = new pg.Client({ connectionString: databaseUrl });

  afterAll(async () => {
    await Promise.all(processes.map((server) => stopServerProcess(server)));
    await store.end().catch(() => undefined);
    await receiver?.close();
    await installation?.remove();
  });

  it('is completed once by the other process', { timeout: 180_000 }, async () => {
    installation = await SharedInstallation.create(databaseUrl, redisUrl);
    receiver = await startLocalWebhookServer();
    const environment = {
      ...installation.environment,
      LOG_LEVEL: 'warn',
      PLATFORM_NOTIFICATION_RETRY_SECONDS: '1',
    };
    const first = await startRoleProcess('all', environment);
    processes.push(first);
    const key = installation.adminKey;
    const call = <Value>(server: RoleProcess, method: string, path: string, body?: object) =>
      callApi<Value>(server, key, method, path, body);
    const deployments = await call<{ items: Array<{ id: number; name: string }> }>(
      first,
      'GET',
      '/api/v1/deployments',
    );
    const demo = deployments.items.find((deployment) => deployment.name === 'demo');
    if (!demo) throw new Error('no demo deployment');
    const base = `/api/v1/deployments/${demo.id}`;
    const workbook = await call<{ id: number }>(first, 'POST', `${base}/workbooks`, { name: 'Taken over' });
    const dashboard = await call<{ id: number }>(first, 'POST', `${base}/workbooks/${workbook.id}/publish`, {
      workbookId: workbook.id,
      config: {
        kind: 'CLASSIC',
        title: 'Taken over',
        widgets: [
          { id: 'note', type: 'TEXT', position: { x: 0, y: 0, w: 6, h: 4 }, config: { markdown: 'hi' } },
        ],
      },
    });
    const notification = await call<{ id: number; webhookSecret: string }>(
      first,
      'POST',
      `${base}/notifications`,
      {
        dashboardId: dashboard.id,
        name: 'Taken over',
        schedule: '0 9 1 1 *',
        notificationFormat: 'html',
        recipients: [{ type: 'webhook', url: `${receiver.url}/held` }],
      },
    );
    receiver.hold();
    const delivery = await call<{ id: number; status: string }>(
      first,
      'POST',
      `${base}/notifications/${notification.id}/send`,
    );
    expect(delivery.status).toBe('pending');
    const held = receiver;
    await waitUntil(async () => held.received.length === 1, 'the webhook request, held open', processes);
    // The second process is up before the first dies: it sees the job running with a fresh heartbeat.
    const second = await startRoleProcess('all', environment);
    processes.push(second);
    expect(held.received.length).toBe(1);
    first.child.kill('SIGKILL');
    await first.exited;
    held.release();
    await store.connect();
    const schema = installation.schema;
    const deliveryRow = async () =>
      (
        await store.query<{ status: string; attempts: number }>(
          `SELECT status, attempts FROM ${schema}.notification_deliveries WHERE id = $1`,
          [delivery.id],
        )
      ).rows[0];
    await waitUntil(
      async () => (await deliveryRow())?.status !== 'pending',
      'the delivery to end',
      processes,
      60,
    );
    expect(await deliveryRow()).toEqual({ status: 'sent', attempts: 1 });
    const recipients = await store.query<{ status: string; attempts: number; error: string | null }>(
      `SELECT status, attempts, error FROM ${schema}.notification_delivery_recipients WHERE delivery_id = $1`,
      [delivery.id],
    );
    expect(recipients.rows).toEqual([{ status: 'sent', attempts: 1, error: null }]);
    const jobs = await store.query<{ state: string; attempt: number }>(
      `SELECT state, attempt FROM ${schema}.jobs WHERE name = 'notification-delivery' AND payload->>'deliveryId' = $1`,
      [String(delivery.id)],
    );
    // One job, claimed twice (the killed process, then the takeover), succeeded.
    expect(jobs.rows).toEqual([{ state: 'succeeded', attempt: 2 }]);
    // The receiver saw the same delivery twice (at least once), each body signed.
    expect(held.received.map((request) => request.headers['x-platform-delivery'])).toEqual([
      String(delivery.id),
      String(delivery.id),
    ]);
    for (const request of held.received) {
      const signature = createHmac('sha256', notification.webhookSecret).update(request.body).digest('hex');
      expect(request.headers['x-platform-signature']).toBe(`sha256=${signature}`);
    }
  });
});
