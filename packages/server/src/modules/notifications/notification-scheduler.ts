import { and, eq, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../platform/database/database.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import { createNotificationDelivery } from './create-notification-delivery.js';
import { NotificationSchedule } from './notification-schedule.js';
import { notificationsTable } from './notifications.tables.js';

export interface NotificationSchedulerOptions {
  tickMilliseconds: number;
  /** Due notifications claimed per transaction; a full batch is followed by another at once. */
  batchSize?: number;
}

/** What one tick did, for tests and the bench. */
export interface TickOutcome {
  /** Deliveries made (scheduled runs and catch-ups). */
  delivered: number;
  /** Due notifications moved on without a delivery (archived dashboard, or a schedule that never runs again). */
  skipped: number;
}

const defaultBatchSize = 200;
// A run this much overdue was missed while no process ticked: it becomes the one catch-up.
const catchUpAfterMilliseconds = 60_000;

/**
 * Claims due runs, once across processes: each tick, in one transaction, locks the enabled notifications
 * whose `next_run_at` has come (`FOR UPDATE SKIP LOCKED`: another process's tick skips them rather than
 * waiting), inserts each run's delivery and its job, and moves `next_run_at` on to the first run after
 * now. A run missed while every process was down is delivered once (`catch_up`), never once per missed
 * minute. The read is the partial index `notifications_due`, so a tick costs the same with 100,000
 * notifications that are not due as with none.
 */
export class NotificationScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private isRunning = false;

  constructor(
    private readonly database: Database,
    private readonly jobs: JobRunner,
    private readonly dashboards: Pick<DashboardsServices['dashboards'], 'summariesOf'>,
    private readonly logger: Logger,
    private readonly options: NotificationSchedulerOptions,
  ) {}

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.scheduleNext();
  }

  async close(): Promise<void> {
    this.isRunning = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Claims every run due at `now`, batch after batch. */
  async tick(now: Date = new Date()): Promise<TickOutcome> {
    const total: TickOutcome = { delivered: 0, skipped: 0 };
    const batchSize = this.options.batchSize ?? defaultBatchSize;
    for (;;) {
      const outcome = await this.claimBatch(now, batchSize);
      total.delivered += outcome.delivered;
      total.skipped += outcome.skipped;
      if (outcome.claimed < batchSize) return total;
    }
  }

  /** Ticks on multiples of the interval since the epoch, so every process ticks at the same moments. */
  private scheduleNext(): void {
    if (!this.isRunning) return;
    const interval = this.options.tickMilliseconds;
    const delay = interval - (Date.now() % interval);
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, 'notification scheduler tick failed'))
        .finally(() => {
          this.ticking = null;
          this.scheduleNext();
        });
    }, delay);
    this.timer.unref();
  }

  private async claimBatch(now: Date, batchSize: number): Promise<TickOutcome & { claimed: number }> {
    return this.database.transaction(async (transaction) => {
      const due = await transaction
        .select({
          id: notificationsTable.id,
          dashboardId: notificationsTable.dashboardId,
          schedule: notificationsTable.schedule,
          timezone: notificationsTable.timezone,
          nextRunAt: notificationsTable.nextRunAt,
        })
        .from(notificationsTable)
        .where(and(eq(notificationsTable.isEnabled, true), lte(notificationsTable.nextRunAt, now)))
        .orderBy(notificationsTable.nextRunAt)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { delivered: 0, skipped: 0, claimed: 0 };
      const dashboards = await this.dashboards.summariesOf(
        transaction,
        due.map((notification) => notification.dashboardId),
      );
      let delivered = 0;
      let skipped = 0;
      for (const notification of due) {
        const scheduledFor = notification.nextRunAt as Date;
        const nextRunAt = this.nextRunOf(notification, now);
        // An archived dashboard is not delivered; its notification moves on and delivers again if restored.
        const isArchived = dashboards.get(notification.dashboardId)?.status === 'archived';
        if (!isArchived) {
          const isCatchUp = now.getTime() - scheduledFor.getTime() > catchUpAfterMilliseconds;
          const deliveryId = await createNotificationDelivery(transaction, this.jobs, {
            notificationId: notification.id,
            trigger: isCatchUp ? 'catch_up' : 'schedule',
            scheduledFor,
          });
          if (deliveryId !== null) delivered += 1;
        } else {
          skipped += 1;
        }
        await transaction
          .update(notificationsTable)
          .set(isArchived ? { nextRunAt } : { nextRunAt, lastRunAt: scheduledFor })
          .where(eq(notificationsTable.id, notification.id));
      }
      return { delivered, skipped, claimed: due.length };
    });
  }

  /** The first run after now; null (never again) for a schedule that no longer parses or never runs. */
  private nextRunOf(
    notification: { id: number; schedule: string; timezone: string },
    now: Date,
  ): Date | null {
    try {
      return NotificationSchedule.parse(notification.schedule, notification.timezone).nextAfter(now);
    } catch (error) {
      this.logger.error({ err: error, notificationId: notification.id }, 'a stored schedule does not parse');
      return null;
    }
  }
}
