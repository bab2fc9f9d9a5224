import type { Logger } from 'pino';
import type { Database } from '../database/database.js';
import type { JobRunner } from './job-runner.js';
import { StoreJobRunner } from './store-job-runner.js';

// Short enough that a job enqueued by another process (an api role) starts promptly.
const pollMilliseconds = 250;

/** One runner on the store for both engines: the queue is a table, so PGlite and PostgreSQL behave alike. */
export function createJobRunner(options: {
  database: Database;
  logger: Logger;
  leaseSeconds: number;
}): JobRunner {
  return new StoreJobRunner(options.database, options.logger, {
    leaseSeconds: options.leaseSeconds,
    pollMilliseconds,
  });
}
