import type { Logger } from 'pino';
import type { JobHandler, JobRunner } from './job-runner.js';

/**
 * Jobs run in this process, started on the next turn of the event loop so the request answers first.
 * Jobs enqueued before `startWorking()` wait in memory: no other process can see them, so a process that
 * does not work jobs needs the store-backed runner to have them run elsewhere.
 */
export class InProcessJobRunner implements JobRunner {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly running = new Set<Promise<void>>();
  private readonly waiting: Array<() => void> = [];
  private isWorking = false;
  private isClosed = false;

  constructor(private readonly logger: Logger) {}

  register<Payload>(jobName: string, handler: JobHandler<Payload>): void {
    if (this.handlers.has(jobName)) throw new Error(`job ${jobName} is already registered`);
    this.handlers.set(jobName, handler as JobHandler<unknown>);
  }

  async enqueue<Payload>(jobName: string, payload: Payload): Promise<void> {
    const handler = this.handlers.get(jobName);
    if (!handler) throw new Error(`no handler for job ${jobName}`);
    if (this.isClosed) throw new Error(`the job runner is closed; job ${jobName} was not started`);
    if (!this.isWorking) {
      this.waiting.push(() => this.run(jobName, handler, payload));
      return;
    }
    this.run(jobName, handler, payload);
  }

  startWorking(): void {
    if (this.isWorking || this.isClosed) return;
    this.isWorking = true;
    for (const run of this.waiting.splice(0)) run();
  }

  private run(jobName: string, handler: JobHandler<unknown>, payload: unknown): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => handler(payload))
      .catch((error: unknown) => this.logger.error({ err: error, job: jobName }, `job ${jobName} failed`))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.idle();
  }
}
