import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, JobFailure } from '../../src/platform/jobs/job-runner.js';
import { jobsTable } from '../../src/platform/jobs/jobs.tables.js';
import { StoreJobRunner } from '../../src/platform/jobs/store-job-runner.js';
import { orphanedJob } from '../support/orphaned-job.js';
import { type StoreEngine, storeEngines } from '../support/test-server.js';
import { eventually, type JobStores, jobRow, openJobStores } from './job-store.js';

const silent = pino({ level: 'silent' });

/** Never released by itself: a handler holding one is "mid-job" until the test says otherwise. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe.each(storeEngines)('the durable job runner on %s', (engine: StoreEngine) => {
  let stores: JobStores;
  const runners: StoreJobRunner[] = [];
  const runnerOn = (which: 'first' | 'second', options: { leaseSeconds?: number } = {}) => {
    const runner = new StoreJobRunner(stores[which].database, silent, {
      leaseSeconds: options.leaseSeconds ?? 3600,
      pollMilliseconds: 20,
      retryDelaySeconds: 0,
    });
    runners.push(runner);
    return runner;
  };

  // One queue for the suite: each test uses job names of its own, so tests never claim each other's jobs.
  beforeAll(async () => {
    stores = await openJobStores(engine);
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.close();
  });
  afterAll(async () => {
    await stores?.close();
  });

  it('runs each job once when two runners race for the same jobs', async () => {
    const runs: Array<{ jobId: number; runner: string; attempt: number }> = [];
    const first = runnerOn('first');
    const second = runnerOn('second');
    for (const [runner, label] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      runner.register<{ index: number }>(
        'race',
        async (_payload, context) => {
          runs.push({ jobId: context.jobId, runner: label, attempt: context.attempt });
          await new Promise((resolve) => setImmediate(resolve));
        },
        { concurrency: 8 },
      );
    }
    const jobIds: number[] = [];
    for (let index = 0; index < 40; index++) jobIds.push(await first.enqueue('race', { index }));
    first.startWorking();
    second.startWorking();
    await first.idle();
    expect(runs.map((run) => run.jobId).sort((a, b) => a - b)).toEqual(jobIds);
    expect(new Set(runs.map((run) => run.attempt))).toEqual(new Set([1]));
    const rows = await stores.first.database.select().from(jobsTable).where(eq(jobsTable.name, 'race'));
    expect(rows.every((row) => row.state === 'succeeded' && row.attempt === 1)).toBe(true);
  });

  it('takes over a job whose heartbeat stopped; the first runner can no longer end it', async () => {
    const held = gate();
    const started = gate();
    const attempts: number[] = [];
    const first = runnerOn('first');
    first.register('slow', async (_payload, context) => {
      attempts.push(context.attempt);
      started.open();
      await held.opened;
      // The late runner's attempt fails after the takeover: its fenced retry must change nothing.
      throw new Error('too late');
    });
    const jobId = await first.enqueue('slow', {});
    first.startWorking();
    await started.opened;
    // The first runner's process "stops": its heartbeat is not moved again (its lease is an hour).
    await stores.first.database.execute(
      sql`UPDATE jobs SET heartbeat_at = now() - interval '2 hours' WHERE id = ${jobId}`,
    );
    const second = runnerOn('second', { leaseSeconds: 60 });
    second.register('slow', async (_payload, context) => {
      attempts.push(context.attempt);
    });
    second.startWorking();
    await eventually(async () => (await jobRow(stores.first, jobId)).state === 'succeeded', 'the takeover');
    held.open();
    await first.close();
    expect(attempts).toEqual([1, 2]);
    expect(await jobRow(stores.first, jobId)).toMatchObject({
      state: 'succeeded',
      attempt: 2,
      lastError: 'the process running attempt 1 stopped',
    });
  });

  it('never takes over a job it is still running, however stale its heartbeat looks', async () => {
    const attempts: Array<{ jobId: number; attempt: number }> = [];
    const held = gate();
    const runner = runnerOn('first');
    runner.register(
      'own',
      async (payload: { isHeld: boolean }, context) => {
        attempts.push({ jobId: context.jobId, attempt: context.attempt });
        if (payload.isHeld) await held.opened;
      },
      { concurrency: 2 },
    );
    const heldJobId = await runner.enqueue('own', { isHeld: true });
    runner.startWorking();
    await eventually(() => attempts.length === 1, 'the first claim');
    // As after a synchronous stretch longer than the lease: the heartbeat of the running job is stale.
    await stores.first.database.execute(
      sql`UPDATE jobs SET heartbeat_at = now() - interval '2 hours' WHERE id = ${heldJobId}`,
    );
    // A later job is claimed after the stale one in the queue's order: once it ran, the stale one was passed.
    const laterJobId = await runner.enqueue('own', { isHeld: false });
    await eventually(
      async () => (await jobRow(stores.first, laterJobId)).state === 'succeeded',
      'the later job',
    );
    held.open();
    await runner.idle();
    expect(attempts).toEqual([
      { jobId: heldJobId, attempt: 1 },
      { jobId: laterJobId, attempt: 1 },
    ]);
    expect(await jobRow(stores.first, heldJobId)).toMatchObject({ state: 'succeeded', attempt: 1 });
  });

  it('fails a job that exhausted its attempts, with the last reason', async () => {
    const failures: JobFailure[] = [];
    const runner = runnerOn('first');
    runner.register(
      'broken',
      async (_payload, context) => {
        throw new Error(`broken on attempt ${context.attempt}`);
      },
      { maxAttempts: 2, onExhausted: async (_payload, failure) => void failures.push(failure) },
    );
    const jobId = await runner.enqueue('broken', {});
    runner.startWorking();
    await runner.idle();
    expect(await jobRow(stores.first, jobId)).toMatchObject({
      state: 'failed',
      attempt: 2,
      lastError: 'broken on attempt 2',
    });
    expect(failures).toEqual([{ reason: 'broken on attempt 2', wasInterrupted: false }]);
  });

  it('gives up a job whose last attempt was interrupted, without running it again', async () => {
    const calls: string[] = [];
    const runner = runnerOn('first');
    runner.register('interrupted', async () => void calls.push('handler'), {
      maxAttempts: 2,
      onExhausted: async (_payload, failure, context: JobContext) => {
        calls.push(`exhausted at ${context.attempt}: ${failure.reason} (${failure.wasInterrupted})`);
      },
    });
    const jobId = await orphanedJob(stores.first.database, {
      name: 'interrupted',
      payload: {},
      attempt: 2,
      maxAttempts: 2,
    });
    runner.startWorking();
    await eventually(async () => (await jobRow(stores.first, jobId)).state === 'failed', 'the failure');
    expect(calls).toEqual(['exhausted at 3: the process running attempt 2 stopped (true)']);
    expect((await jobRow(stores.first, jobId)).lastError).toBe('the process running attempt 2 stopped');
  });

  it('hands a running job back when its process stops, without counting the attempt', async () => {
    const started = gate();
    const first = runnerOn('first');
    first.register('long', async (_payload, context) => {
      started.open();
      await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      throw context.signal.reason;
    });
    const jobId = await first.enqueue('long', {});
    first.startWorking();
    await started.opened;
    await first.close();
    expect(await jobRow(stores.first, jobId)).toMatchObject({ state: 'queued', attempt: 1, maxAttempts: 4 });
    const attempts: number[] = [];
    const second = runnerOn('second');
    second.register('long', async (_payload, context) => void attempts.push(context.attempt));
    second.startWorking();
    await eventually(
      async () => (await jobRow(stores.first, jobId)).state === 'succeeded',
      'the next attempt',
    );
    expect(attempts).toEqual([2]);
  });

  it('lets a process that does not work jobs enqueue them for one that does', async () => {
    const ran: number[] = [];
    const api = runnerOn('first');
    api.register<{ value: number }>('handed', async () => {
      throw new Error('the api process must not run jobs');
    });
    const worker = runnerOn('second');
    worker.register<{ value: number }>('handed', async (payload) => void ran.push(payload.value));
    worker.startWorking();
    await api.enqueue('handed', { value: 7 });
    await api.idle();
    expect(ran).toEqual([7]);
  });
});
