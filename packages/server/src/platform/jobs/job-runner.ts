import type { Database } from '../database/database.js';

/**
 * What a handler knows about the run it is in. `attempt` is the fence: it grows each time the job is
 * claimed, so a handler that makes its own writes conditional on it (`WHERE attempt = ...`) can never
 * overwrite the work of a process that took the job over from it.
 */
export interface JobContext {
  jobId: number;
  attempt: number;
  maxAttempts: number;
  /**
   * Aborted when this process stops (the handler may stop early by throwing: the job is queued again
   * without counting the attempt) or when another process has taken the job over.
   */
  signal: AbortSignal;
}

/** Work that runs after the request that asked for it has been answered, in any worker process. */
export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

/** Why a job was given up: its last error, or that the processes running it kept stopping. */
export interface JobFailure {
  reason: string;
  /** True when the last attempt ended because its process stopped (its heartbeat went stale). */
  wasInterrupted: boolean;
}

export interface JobOptions<Payload> {
  /** How many times the job is claimed before it fails (default 3). */
  maxAttempts?: number;
  /** How many jobs of this name one process runs at once (default 4). */
  concurrency?: number;
  /**
   * Records the failure on the job's own domain row once its attempts are exhausted; fenced like the
   * handler (it runs as one more claim, so a process that dies during it is taken over too).
   */
  onExhausted?: (payload: Payload, failure: JobFailure, context: JobContext) => Promise<void>;
}

export interface EnqueueOptions {
  /** Insert the job in this transaction, so it exists exactly when the domain row that needs it does. */
  transaction?: Database;
  /** Not claimed before this time. */
  runAfter?: Date;
}

/**
 * Runs named background jobs, durably: jobs are rows of the store, claimed by whichever process works
 * jobs, and taken over by another when the process running one stops. A handler records its own outcome
 * on its domain row; a handler that throws is retried until its attempts are exhausted.
 */
export interface JobRunner {
  register<Payload>(jobName: string, handler: JobHandler<Payload>, options?: JobOptions<Payload>): void;
  /** Stores the job; returns its id. A process that does not work jobs still enqueues them. */
  enqueue<Payload>(jobName: string, payload: Payload, options?: EnqueueOptions): Promise<number>;
  /** Starts claiming and running jobs in this process (a role that only serves requests never does). */
  startWorking(): void;
  /** Resolves when no job this runner enqueued or claimed is queued or running any more. */
  idle(): Promise<void>;
  /** Stops claiming, asks running handlers to stop, and waits for them, so the store is not closed under them. */
  close(): Promise<void>;
}
