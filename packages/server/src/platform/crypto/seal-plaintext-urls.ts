import { and, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database.js';
import type { SecretBox } from './secret-box.js';
import { sealUrl } from './url-credentials.js';

/** Where a module stores URLs sealed by `sealUrl`: the masked URL beside its encrypted secret. */
export interface SealedUrlColumn {
  table: PgTable;
  /** The row's key, to update exactly the rows read. */
  id: PgColumn;
  url: PgColumn;
  secret: PgColumn;
}

/**
 * Seals the URLs a column holds in clear: rows written before URLs were sealed keep their userinfo as
 * text until something rewrites them. Idempotent (a sealed row has its secret column set, a URL without
 * userinfo has nothing to seal) and safe when several processes start at once: the rows are locked, and
 * each update is conditional on the secret still being empty. One transaction; returns how many rows it
 * sealed, never what they held.
 */
export async function sealPlaintextUrls(
  database: Database,
  secretBox: SecretBox,
  column: SealedUrlColumn,
): Promise<number> {
  return database.transaction(async (transaction) => {
    const rows = await transaction
      .select({ id: column.id, url: column.url })
      .from(column.table)
      .where(and(isNull(column.secret), isNotNull(column.url), like(column.url, '%@%')))
      .for('update');
    let sealed = 0;
    for (const row of rows) {
      if (typeof row.url !== 'string') continue;
      const { maskedUrl, secretEncrypted } = sealUrl(row.url, secretBox);
      if (secretEncrypted === null) continue;
      // SET names bare columns; drizzle's column objects render qualified, which SET does not take.
      await transaction.execute(
        sql`UPDATE ${column.table} SET ${sql.identifier(column.url.name)} = ${maskedUrl}, ${sql.identifier(column.secret.name)} = ${secretEncrypted} WHERE ${column.id} = ${row.id} AND ${column.secret} IS NULL`,
      );
      sealed += 1;
    }
    return sealed;
  });
}
