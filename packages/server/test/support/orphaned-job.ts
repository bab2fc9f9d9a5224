import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/database/database.js';
import { jobsTable } from '../../src/platform/jobs/jobs.tables.js';

/**
 * What a process that died while running a job leaves in the queue: the job `running` at some attempt,
 * its heartbeat two hours old (by the store's clock) and never moved again.
 */
export async function orphanedJob(
  database: Database,
  job: { name: string; payload: unknown; attempt?: number; maxAttempts?: number },
): Promise<number> {
  const [row] = await database
    .insert(jobsTable)
    .values({
      name: job.name,
      payload: job.payload,
      state: 'running',
      attempt: job.attempt ?? 1,
      maxAttempts: job.maxAttempts ?? 3,
      heartbeatAt: sql`now() - interval '2 hours'`,
    })
    .returning({ id: jobsTable.id });
  if (!row) throw new Error('no job row');
  return row.id;
}
