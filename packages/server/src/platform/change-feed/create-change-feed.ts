import type { Logger } from 'pino';
import type { ChangeFeed } from './change-feed.js';
import { InProcessChangeFeed } from './in-process-change-feed.js';
import { PostgresChangeFeed } from './postgres-change-feed.js';

export function createChangeFeed(options: {
  databaseUrl: string | null;
  schema: string | null;
  logger: Logger;
}): ChangeFeed {
  return options.databaseUrl
    ? new PostgresChangeFeed(options.databaseUrl, options.schema, options.logger)
    : new InProcessChangeFeed();
}
