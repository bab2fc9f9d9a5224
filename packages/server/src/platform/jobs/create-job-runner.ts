import type { Logger } from 'pino';
import { InProcessJobRunner } from './in-process-job-runner.js';
import type { JobRunner } from './job-runner.js';

/** The embedded runner; the scale-out one (separate workers sharing PostgreSQL) will be chosen here. */
export function createJobRunner(options: { logger: Logger }): JobRunner {
  return new InProcessJobRunner(options.logger);
}
