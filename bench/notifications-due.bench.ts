import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { publishBenchDashboard, rowsOf } from './support/notification-bench-dashboard.js';
import { startPlatformServer } from './support/platform-server.js';

/** The target: 1,000 notifications due in one minute all mailed within 60 s, none twice (reported). */
const goal = { allDeliveredWithinSeconds: 60 };

/**
 * `npm run bench -- notifications-due [--notifications 1000]`: that many notifications due in the same
 * minute, each mailing one address through a local SMTP server, delivered by the server's own scheduler
 * and jobs: the time from the minute to the last mail, and whether any address got two. Format `html`,
 * so the figure is the scheduler, the job queue and SMTP, not the browser (PNG/PDF renders are the
 * renderer's own bench). PGlite and (with DATABASE_URL) PostgreSQL.
 */
export async function run(arguments_: string[]): Promise<void> {
  const count = numberOption(arguments_, 'notifications', 1_000);
  const engines = process.env.DATABASE_URL ? [null, process.env.DATABASE_URL] : [null];
  const results: unknown[] = [];
  for (const databaseUrl of engines) {
    const received = new Map<string, number>();
    let lastMailAt = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const to = Array.isArray(mail.to) ? '' : (mail.to?.text ?? '');
            received.set(to, (received.get(to) ?? 0) + 1);
            lastMailAt = Date.now();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const server = await startPlatformServer({
      databaseUrl,
      environment: {
        PLATFORM_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PLATFORM_SMTP_FROM: 'bench@example.com',
      },
    });
    try {
      const { dashboardId, adminUserId } = await publishBenchDashboard(server);
      const database = server.container.platform.store.database;
      // All due at the next minute that leaves a few seconds to write them; a daily schedule, so none runs twice.
      const dueAt = Math.ceil((Date.now() + 10_000) / 60_000) * 60_000;
      await database.execute(sql`
        WITH made AS (
          INSERT INTO notifications (account_id, deployment_id, dashboard_id, name, schedule, timezone, format,
                                     created_by_user_id, next_run_at)
          SELECT d.account_id, d.deployment_id, d.id, 'bench ' || n, '0 9 * * *', 'UTC', 'html', ${adminUserId},
                 ${new Date(dueAt).toISOString()}::timestamptz
          FROM dashboards d, generate_series(1, ${count}) AS n WHERE d.id = ${dashboardId}
          RETURNING id, name)
        INSERT INTO notification_recipients (notification_id, type, recipient_key, email)
        SELECT id, 'email', 'email:' || replace(name, ' ', '-') || '@example.com', replace(name, ' ', '-') || '@example.com'
        FROM made`);
      const deadline = dueAt + 180_000;
      while (received.size < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      // A little longer, so that a second mail to anyone would show.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const duplicates = [...received.values()].filter((mails) => mails > 1).length;
      const seconds = Number(((lastMailAt - dueAt) / 1000).toFixed(1));
      const statuses = await rowsOf<{ status: string; deliveries: number }>(
        database,
        sql`SELECT status, count(*)::int AS deliveries FROM notification_deliveries GROUP BY status`,
      );
      const engine = databaseUrl ? 'postgres' : 'pglite';
      const verdict = received.size === count && duplicates === 0 && seconds < goal.allDeliveredWithinSeconds;
      process.stdout.write(
        `${engine}: ${received.size} of ${count} addresses mailed, ${duplicates} twice, last mail ${seconds} s after the minute` +
          ` (goal < ${goal.allDeliveredWithinSeconds} s, none twice: ${verdict ? 'meets' : 'MISSES'}); deliveries ${JSON.stringify(statuses)}\n`,
      );
      results.push({ engine, addresses: received.size, duplicates, lastMailSeconds: seconds, statuses });
    } finally {
      await server.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  }
  await writeBenchResults('notifications-due', { goal, count, results });
}
