import type { Logger } from 'pino';
import type { Database } from '../database/database.js';
import { type ClaimedJob, JobQueue } from './job-queue.js';
import type { EnqueueOptions, JobContext, JobHandler, JobOptions, JobRunner } from './job-runner.js';
import { WakeSignal } from './wake-signal.js';

export interface StoreJobRunnerOptions {
  /** A running job whose heartbeat is older than this is taken over by another process. */
  leaseSeconds: number;
  /** How often an idle worker looks for due jobs (enqueues in this process wake it at once). */
  pollMilliseconds: number;
  /** Delay before a failed attempt is tried again, multiplied by the attempt number. */
  retryDelaySeconds?: number;
}

interface Registration {
  handler: JobHandler<unknown>;
  options: JobOptions<unknown>;
  maxAttempts: number;
  concurrency: number;
}

const defaultMaxAttempts = 3;
const defaultConcurrency = 4;
// How often idle() looks at jobs that other processes may be running.
const idleCheckMilliseconds = 50;

/** Thrown into handlers' signals when this process stops; a handler that stops for it is released. */
class ProcessStopping extends Error {
  constructor() {
    super('the process is stopping');
  }
}

/**
 * The durable job runner on the store (PGlite or PostgreSQL), see docs/decisions/0006-job-runner.md.
 * Any number of processes share the queue; each claims due jobs of the names registered with it, runs
 * them with a heartbeat, and ends them with writes fenced by the attempt it claimed.
 */
export class StoreJobRunner implements JobRunner {
  private readonly registrations = new Map<string, Registration>();
  private readonly queue: JobQueue;
  private readonly running = new Map<number, { name: string; done: Promise<void>; abort: AbortController }>();
  /** Jobs this runner enqueued or claimed that may not have ended yet: what idle() waits for. */
  private readonly known = new Set<number>();
  private readonly wake = new WakeSignal();
  private readonly settled = new WakeSignal();
  private loop: Promise<void> | null = null;
  private isWorking = false;
  private isClosed = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: StoreJobRunnerOptions,
  ) {
    this.queue = new JobQueue(database, options.leaseSeconds);
  }

  register<Payload>(jobName: string, handler: JobHandler<Payload>, options: JobOptions<Payload> = {}): void {
    if (this.registrations.has(jobName)) throw new Error(`job ${jobName} is already registered`);
    this.registrations.set(jobName, {
      handler: handler as JobHandler<unknown>,
      options: options as JobOptions<unknown>,
      maxAttempts: options.maxAttempts ?? defaultMaxAttempts,
      concurrency: options.concurrency ?? defaultConcurrency,
    });
  }

  async enqueue<Payload>(jobName: string, payload: Payload, options: EnqueueOptions = {}): Promise<number> {
    const registration = this.registrations.get(jobName);
    if (!registration) throw new Error(`no handler for job ${jobName}`);
    if (this.isClosed) throw new Error(`the job runner is closed; job ${jobName} was not stored`);
    const jobId = await this.queue.insert(options.transaction ?? this.database, {
      name: jobName,
      payload,
      maxAttempts: registration.maxAttempts,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    });
    this.known.add(jobId);
    this.wake.notify();
    return jobId;
  }

  startWorking(): void {
    if (this.isWorking || this.isClosed) return;
    this.isWorking = true;
    this.loop = this.work();
  }

  async idle(): Promise<void> {
    while (this.known.size > 0) {
      const unfinished = new Set(await this.queue.unfinished([...this.known]));
      for (const jobId of this.known) if (!unfinished.has(jobId)) this.known.delete(jobId);
      if (this.known.size === 0) return;
      await this.settled.wait(idleCheckMilliseconds);
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.isWorking = false;
    this.wake.notify();
    await this.loop;
    for (const job of this.running.values()) job.abort.abort(new ProcessStopping());
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private async work(): Promise<void> {
    while (this.isWorking) {
      let claimed: ClaimedJob | null = null;
      try {
        claimed = await this.queue.claim(this.namesWithFreeSlots(), [...this.running.keys()]);
      } catch (error) {
        this.logger.error({ err: error }, 'could not claim a job');
      }
      if (claimed && this.isWorking) {
        this.start(claimed);
        continue;
      }
      await this.wake.wait(this.options.pollMilliseconds);
    }
  }

  private namesWithFreeSlots(): string[] {
    const busy = new Map<string, number>();
    for (const job of this.running.values()) busy.set(job.name, (busy.get(job.name) ?? 0) + 1);
    return [...this.registrations]
      .filter(([name, registration]) => (busy.get(name) ?? 0) < registration.concurrency)
      .map(([name]) => name);
  }

  private start(claimed: ClaimedJob): void {
    const { row } = claimed;
    const abort = new AbortController();
    this.known.add(row.id);
    const done = this.run(claimed, abort)
      .catch((error: unknown) => this.logger.error({ err: error, jobId: row.id }, `job ${row.name} crashed`))
      .finally(() => {
        this.running.delete(row.id);
        this.wake.notify();
        this.settled.notify();
      });
    this.running.set(row.id, { name: row.name, done, abort });
  }

  private async run({ row, isTakeover }: ClaimedJob, abort: AbortController): Promise<void> {
    const registration = this.registrations.get(row.name);
    if (!registration) return;
    const context: JobContext = {
      jobId: row.id,
      attempt: row.attempt,
      maxAttempts: row.maxAttempts,
      signal: abort.signal,
    };
    const log = this.logger.child({ job: row.name, jobId: row.id, attempt: row.attempt });
    if (isTakeover) log.warn(`took over job ${row.name}: ${row.lastError}`);
    const heartbeat = setInterval(
      () => {
        this.queue
          .beat(row.id, row.attempt)
          .then((isOwn) => {
            if (!isOwn) abort.abort(new Error(`job ${row.id} was taken over by another process`));
          })
          .catch((error: unknown) => log.warn({ err: error }, 'could not move the job heartbeat'));
      },
      Math.max(50, (this.options.leaseSeconds * 1000) / 3),
    );
    heartbeat.unref();
    try {
      if (row.attempt > row.maxAttempts) {
        // The last attempt's process stopped: what is left is recording why the job gave up.
        await this.exhaust(registration, row.payload, context, {
          reason: row.lastError ?? 'the job stopped',
          wasInterrupted: isTakeover,
        });
        return;
      }
      await this.attempt(registration, row.payload, context, log);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async attempt(
    registration: Registration,
    payload: unknown,
    context: JobContext,
    log: Logger,
  ): Promise<void> {
    try {
      await registration.handler(payload, context);
    } catch (error) {
      if (context.signal.reason instanceof ProcessStopping) {
        await this.queue.release(context.jobId, context.attempt);
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ err: error }, 'job attempt failed');
      if (context.attempt < context.maxAttempts) {
        const delay = (this.options.retryDelaySeconds ?? 1) * context.attempt;
        await this.queue.retry(context.jobId, context.attempt, reason, delay);
      } else {
        await this.exhaust(registration, payload, context, { reason, wasInterrupted: false });
      }
      return;
    }
    if (!(await this.queue.succeed(context.jobId, context.attempt))) {
      log.warn('the job finished after another process had taken it over; its end was not recorded');
    }
  }

  private async exhaust(
    registration: Registration,
    payload: unknown,
    context: JobContext,
    failure: { reason: string; wasInterrupted: boolean },
  ): Promise<void> {
    await registration.options.onExhausted?.(payload, failure, context);
    await this.queue.fail(context.jobId, context.attempt, failure.reason);
  }
}
