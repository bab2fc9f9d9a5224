import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import { isDeploymentsTopic } from './deployment-directory.js';
import { deploymentEnvVarsTable } from './deployments.tables.js';

/**
 * The decrypted environment variables of a deployment, for the server's own use (the warehouse
 * connection); never handed to a caller. Kept in memory because every data-API request needs them; a
 * write publishes its account's `deployments:` topic, which drops them here in every process, so a change
 * applies at once without a restart.
 */
export class EnvVarsReader {
  private readonly cache = new Map<number, Promise<Record<string, string>>>();

  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
  ) {}

  valuesOf(deploymentId: number): Promise<Record<string, string>> {
    const cached = this.cache.get(deploymentId);
    if (cached) return cached;
    const values = this.read(deploymentId);
    this.cache.set(deploymentId, values);
    // why: a failed read must not be kept, or the deployment could not recover until the next change.
    values.catch(() => {
      if (this.cache.get(deploymentId) === values) this.cache.delete(deploymentId);
    });
    return values;
  }

  /** Change-feed listener. Variable changes are rare: dropping every deployment's copy is simplest. */
  handleChange(topic: string): void {
    if (isDeploymentsTopic(topic)) this.cache.clear();
  }

  private async read(deploymentId: number): Promise<Record<string, string>> {
    const rows = await this.database
      .select({ name: deploymentEnvVarsTable.name, valueEncrypted: deploymentEnvVarsTable.valueEncrypted })
      .from(deploymentEnvVarsTable)
      .where(eq(deploymentEnvVarsTable.deploymentId, deploymentId));
    return Object.fromEntries(rows.map((row) => [row.name, this.secretBox.decrypt(row.valueEncrypted)]));
  }
}
