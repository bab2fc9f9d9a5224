import { getTableName } from 'drizzle-orm';
import type { Logger } from 'pino';
import { agentsSealedUrls } from './modules/agents/agents-sealed-urls.js';
import { dataModelSealedUrls } from './modules/data-model/data-model-sealed-urls.js';
import { dbtSyncSealedUrls } from './modules/dbt-sync/dbt-sync-sealed-urls.js';
import { sealPlaintextUrls } from './platform/crypto/seal-plaintext-urls.js';
import type { SecretBox } from './platform/crypto/secret-box.js';
import type { Database } from './platform/database/database.js';

/**
 * Every column of every module that stores a URL sealed. Deployment environment variables are not here:
 * their values are encrypted whole, URL or not, so none is stored in clear.
 */
const sealedUrlColumns = [...agentsSealedUrls, ...dataModelSealedUrls, ...dbtSyncSealedUrls];

/**
 * The start-up pass that seals URL credentials rows still hold in clear (written before URLs were sealed),
 * one transaction per table. Logs how many rows of each table it sealed, never a URL. Returns the counts.
 */
export async function sealStoredUrlCredentials(
  database: Database,
  secretBox: SecretBox,
  logger: Logger,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const column of sealedUrlColumns) {
    // A table may hold several sealed URL columns (chat auth: the JWKS and the custom check URL).
    const table = getTableName(column.table);
    counts[table] = (counts[table] ?? 0) + (await sealPlaintextUrls(database, secretBox, column));
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total > 0) logger.info({ sealedUrls: counts }, `sealed the credentials of ${total} stored URL(s)`);
  return counts;
}
