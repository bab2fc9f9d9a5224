import { sql } from 'drizzle-orm';
import { numberOption, writeBenchResults } from './support/bench-options.js';
import { publishBenchDashboard, rowsOf } from './support/notification-bench-dashboard.js';
import { startPlatformServer } from './support/platform-server.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';

/** The target: scheduler overhead per tick with 100,000 enabled notifications (reported, never asserted). */
const goal = { p50Ms: 50 };

/**
 * `npm run bench -- notifications-tick [--notifications 100000] [--ticks 50]`: the scheduler's tick with
 * that many enabled notifications that are not due, plus one due run per tick (so each tick does its
 * whole transaction: claim, delivery, job, move on), on PGlite and (with DATABASE_URL) PostgreSQL.
 */
export async function run(arguments_: string[]): Promise<void> {
  const notifications = numberOption(arguments_, 'notifications', 100_000);
  const ticks = numberOption(arguments_, 'ticks', 50);
  const engines = process.env.DATABASE_URL ? [null, process.env.DATABASE_URL] : [null];
  const results: Array<{ engine: string; idle: TimingSummary; withOneDue: TimingSummary }> = [];
  for (const databaseUrl of engines) {
    const server = await startPlatformServer({ databaseUrl });
    try {
      const { container } = server;
      const scheduler = container.services.notificationScheduler;
      // The bench ticks itself, with its own clock.
      await scheduler.close();
      const database = container.platform.store.database;
      const { dashboardId } = await publishBenchDashboard(server);
      const [target] = await rowsOf<{ id: number; account_id: number; deployment_id: number }>(
        database,
        sql`SELECT id, account_id, deployment_id FROM dashboards WHERE id = ${dashboardId}`,
      );
      if (!target) throw new Error('the dashboard was not stored');
      // Every notification due in 2030: enabled, none due now.
      await database.execute(sql`
        INSERT INTO notifications (account_id, deployment_id, dashboard_id, name, schedule, timezone, format, next_run_at)
        SELECT ${target.account_id}, ${target.deployment_id}, ${target.id}, 'bench ' || n, '0 9 * * *', 'UTC', 'html',
               timestamptz '2030-01-01 09:00:00+00' + (n % 1440) * interval '1 minute'
        FROM generate_series(1, ${notifications}) AS n`);
      await database.execute(sql`ANALYZE notifications`);
      const now = new Date('2026-11-20T12:00:00Z');
      const idle = await timeSamples(
        `tick, ${notifications} enabled, none due`,
        { iterations: ticks, warmUp: 5 },
        () => scheduler.tick(now),
      );
      await database.execute(
        sql`INSERT INTO notifications (account_id, deployment_id, dashboard_id, name, schedule, timezone, format, next_run_at)
            SELECT ${target.account_id}, ${target.deployment_id}, ${target.id}, 'due ' || n, '0 9 * * *', 'UTC', 'html',
                   timestamptz '2026-11-20 11:00:00+00' + n * interval '1 minute'
            FROM generate_series(0, ${ticks + 4}) AS n`,
      );
      let minute = Date.parse('2026-11-20T11:00:10Z');
      const withOneDue = await timeSamples(
        `tick, ${notifications} enabled, one due`,
        { iterations: ticks, warmUp: 5 },
        () => {
          const at = new Date(minute);
          minute += 60_000;
          return scheduler.tick(at);
        },
      );
      const engine = databaseUrl ? 'postgres' : 'pglite';
      process.stdout.write(`${engine}: ${timingLine(idle, goal)}\n`);
      process.stdout.write(`${engine}: ${timingLine(withOneDue, goal)}\n`);
      results.push({ engine, idle, withOneDue });
    } finally {
      await server.close();
    }
  }
  await writeBenchResults('notifications-tick', { goal, notifications, results });
}
