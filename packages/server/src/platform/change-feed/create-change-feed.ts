import type { Logger } from 'pino';
import type { ChangeFeed } from './change-feed.js';
import { InProcessChangeFeed } from './in-process-change-feed.js';

/**
 * PostgreSQL's LISTEN/NOTIFY with DATABASE_URL (its driver loaded only then), else this process only.
 * Nothing connects here: the feed listens from `start()`.
 */
export async function createChangeFeed(options: {
  databaseUrl: string | null;
  schema: string | null;
  logger: Logger;
}): Promise<ChangeFeed> {
  if (!options.databaseUrl) return new InProcessChangeFeed();
  const { PostgresChangeFeed } = await import('./postgres-change-feed.js');
  return new PostgresChangeFeed(options.databaseUrl, options.schema, options.logger);
}
