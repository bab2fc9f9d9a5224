/** Work that runs after the request that asked for it has been answered. */
export type JobHandler<Payload> = (payload: Payload) => Promise<void>;

/**
 * Runs named background jobs. The embedded implementation runs them in this process; a worker-pool
 * implementation (pg-boss) can replace it behind the same interface. A handler records its own
 * outcome: the runner only logs a handler that throws.
 */
export interface JobRunner {
  register<Payload>(jobName: string, handler: JobHandler<Payload>): void;
  enqueue<Payload>(jobName: string, payload: Payload): Promise<void>;
  /**
   * Makes this process work the jobs (roles `all` and `worker`). Until then jobs are only enqueued: a
   * process that never calls it (role `api`) leaves them to the processes that do.
   */
  startWorking(): void;
  /** Resolves when every job enqueued so far has finished. */
  idle(): Promise<void>;
  /** Refuses new jobs and waits for the running ones, so the store is not closed under them. */
  close(): Promise<void>;
}
