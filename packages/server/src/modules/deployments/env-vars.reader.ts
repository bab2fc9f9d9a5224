import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import { deploymentEnvVarsTable } from './deployments.tables.js';

/**
 * The decrypted environment variables of a deployment, for the server's own use (the warehouse
 * connection); never handed to a caller. Read on every use, so a change applies at once without a restart.
 */
export class EnvVarsReader {
  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
  ) {}

  async valuesOf(deploymentId: number): Promise<Record<string, string>> {
    const rows = await this.database
      .select({ name: deploymentEnvVarsTable.name, valueEncrypted: deploymentEnvVarsTable.valueEncrypted })
      .from(deploymentEnvVarsTable)
      .where(eq(deploymentEnvVarsTable.deploymentId, deploymentId));
    return Object.fromEntries(rows.map((row) => [row.name, this.secretBox.decrypt(row.valueEncrypted)]));
  }
}
