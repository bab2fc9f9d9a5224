import { and, eq, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database.js';
import { type JobRow, jobsTable } from './jobs.tables.js';

/** A job this process has claimed, with what it needs to know about how it came to be claimed. */
export interface ClaimedJob {
  row: JobRow;
  /** The job was running elsewhere and that process stopped moving its heartbeat. */
  isTakeover: boolean;
}

// Enough candidates that a few lost races still leave one to claim.
const candidatesPerClaim = 8;

/**
 * The SQL of the job queue. Every state change of a claimed job is conditional on its attempt (the
 * fence): a process that lost its job to a takeover changes nothing. Staleness is judged by the store's
 * clock (`now()`), never a process's, so processes with skewed clocks agree on it.
 */
export class JobQueue {
  constructor(
    private readonly database: Database,
    private readonly leaseSeconds: number,
  ) {}

  async insert(
    executor: Database,
    job: { name: string; payload: unknown; maxAttempts: number; runAfter?: Date },
  ): Promise<number> {
    const [row] = await executor
      .insert(jobsTable)
      .values({
        name: job.name,
        payload: job.payload,
        state: 'queued',
        maxAttempts: job.maxAttempts,
        ...(job.runAfter ? { runAfter: job.runAfter } : {}),
      })
      .returning({ id: jobsTable.id });
    if (!row) throw new Error(`job ${job.name} was not stored`);
    return row.id;
  }

  /**
   * Claims one due job of these names, other than the ones this process runs (`runningIds`): queued and
   * due, or running with a stale heartbeat. Candidates are read first and each is claimed by moving its
   * attempt on from the value read; of two processes racing for one job, the second's UPDATE matches no
   * row (PostgreSQL re-checks the condition once the first commits; PGlite runs one statement at a time),
   * so it tries the next candidate.
   */
  async claim(names: readonly string[], runningIds: readonly number[]): Promise<ClaimedJob | null> {
    if (names.length === 0) return null;
    const candidates = await this.database
      .select({ id: jobsTable.id, attempt: jobsTable.attempt, state: jobsTable.state })
      .from(jobsTable)
      .where(
        and(
          inArray(jobsTable.name, [...names]),
          this.isDue(),
          // A job this process still runs looks stale after a long synchronous stretch held its heartbeat
          // back; taking it over from itself would only run it twice.
          runningIds.length > 0 ? notInArray(jobsTable.id, [...runningIds]) : undefined,
        ),
      )
      .orderBy(jobsTable.runAfter, jobsTable.id)
      .limit(candidatesPerClaim);
    for (const candidate of candidates) {
      const [row] = await this.database
        .update(jobsTable)
        .set({
          state: 'running',
          attempt: candidate.attempt + 1,
          heartbeatAt: sql`now()`,
          lastError: sql`CASE WHEN ${jobsTable.state} = 'running'
            THEN ${`the process running attempt ${candidate.attempt} stopped`}
            ELSE ${jobsTable.lastError} END`,
        })
        .where(and(eq(jobsTable.id, candidate.id), eq(jobsTable.attempt, candidate.attempt), this.isDue()))
        .returning();
      if (row) return { row, isTakeover: candidate.state === 'running' };
    }
    return null;
  }

  /** Moves the heartbeat; false when the job is no longer this attempt's (taken over or ended). */
  async beat(jobId: number, attempt: number): Promise<boolean> {
    const rows = await this.database
      .update(jobsTable)
      .set({ heartbeatAt: sql`now()` })
      .where(this.isOwn(jobId, attempt))
      .returning({ id: jobsTable.id });
    return rows.length > 0;
  }

  async succeed(jobId: number, attempt: number): Promise<boolean> {
    return this.end(jobId, attempt, { state: 'succeeded', finishedAt: sql`now()`, heartbeatAt: null });
  }

  async fail(jobId: number, attempt: number, reason: string): Promise<boolean> {
    return this.end(jobId, attempt, {
      state: 'failed',
      lastError: reason,
      finishedAt: sql`now()`,
      heartbeatAt: null,
    });
  }

  /** Queued again after a failed attempt, not before the delay has passed. */
  async retry(jobId: number, attempt: number, reason: string, delaySeconds: number): Promise<boolean> {
    return this.end(jobId, attempt, {
      state: 'queued',
      lastError: reason,
      heartbeatAt: null,
      runAfter: sql`now() + make_interval(secs => ${delaySeconds}::double precision)`,
    });
  }

  /**
   * Handed back by a process that is stopping: queued again at once, and its attempt does not count
   * (the limit moves up by one), since the work did not fail.
   */
  async release(jobId: number, attempt: number): Promise<boolean> {
    return this.end(jobId, attempt, {
      state: 'queued',
      heartbeatAt: null,
      runAfter: sql`now()`,
      maxAttempts: sql`${jobsTable.maxAttempts} + 1`,
    });
  }

  /** The ids among these whose jobs are still queued or running. */
  async unfinished(jobIds: readonly number[]): Promise<number[]> {
    if (jobIds.length === 0) return [];
    const rows = await this.database
      .select({ id: jobsTable.id })
      .from(jobsTable)
      .where(and(inArray(jobsTable.id, [...jobIds]), inArray(jobsTable.state, ['queued', 'running'])));
    return rows.map((row) => row.id);
  }

  private async end(
    jobId: number,
    attempt: number,
    values: PgUpdateSetSource<typeof jobsTable>,
  ): Promise<boolean> {
    const rows = await this.database
      .update(jobsTable)
      .set(values)
      .where(this.isOwn(jobId, attempt))
      .returning({ id: jobsTable.id });
    return rows.length > 0;
  }

  private isOwn(jobId: number, attempt: number): SQL | undefined {
    return and(eq(jobsTable.id, jobId), eq(jobsTable.attempt, attempt), eq(jobsTable.state, 'running'));
  }

  private isDue(): SQL | undefined {
    return or(
      and(eq(jobsTable.state, 'queued'), lte(jobsTable.runAfter, sql`now()`)),
      and(
        eq(jobsTable.state, 'running'),
        lt(jobsTable.heartbeatAt, sql`now() - make_interval(secs => ${this.leaseSeconds}::double precision)`),
      ),
    );
  }
}
