import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import { isDeploymentsTopic } from './deployment-directory.js';
import { deploymentEnvVarsTable, deploymentsTable } from './deployments.tables.js';

/**
 * Variables the platform issues to a deployment on top of the stored ones (the workload-identity module's
 * tokens), asked per read. It hands back the same record until a value changes, so what is derived from
 * the variables (the warehouse settings) is resolved again only then.
 */
export type IssuedVariablesSource = (deployment: {
  id: number;
  accountId: number;
}) => Promise<Readonly<Record<string, string>>>;

interface StoredVariables {
  /** Null when the deployment does not exist: it has no variables and is issued none. */
  accountId: number | null;
  values: Record<string, string>;
}

/**
 * The decrypted environment variables of a deployment, for the server's own use (the warehouse
 * connection); never handed to a caller. Kept in memory because every data-API request needs them; a
 * write publishes its account's `deployments:` topic, which drops them here in every process, so a change
 * applies at once without a restart. Issued variables are laid over the stored ones (an issued token wins
 * over a stored variable of the same name); the record changes identity whenever either changes.
 */
export class EnvVarsReader {
  private readonly cache = new Map<number, Promise<StoredVariables>>();
  private readonly merged = new WeakMap<
    Record<string, string>,
    { issued: Readonly<Record<string, string>>; values: Record<string, string> }
  >();

  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
    private readonly issuedVariables: IssuedVariablesSource,
  ) {}

  async valuesOf(deploymentId: number): Promise<Record<string, string>> {
    const stored = await this.storedOf(deploymentId);
    if (stored.accountId === null) return stored.values;
    const issued = await this.issuedVariables({ id: deploymentId, accountId: stored.accountId });
    if (Object.keys(issued).length === 0) return stored.values;
    const known = this.merged.get(stored.values);
    if (known?.issued === issued) return known.values;
    const values = { ...stored.values, ...issued };
    this.merged.set(stored.values, { issued, values });
    return values;
  }

  /** Change-feed listener. Variable changes are rare: dropping every deployment's copy is simplest. */
  handleChange(topic: string): void {
    if (isDeploymentsTopic(topic)) this.cache.clear();
  }

  private storedOf(deploymentId: number): Promise<StoredVariables> {
    const cached = this.cache.get(deploymentId);
    if (cached) return cached;
    const stored = this.read(deploymentId);
    this.cache.set(deploymentId, stored);
    // why: a failed read must not be kept, or the deployment could not recover until the next change.
    stored.catch(() => {
      if (this.cache.get(deploymentId) === stored) this.cache.delete(deploymentId);
    });
    return stored;
  }

  private async read(deploymentId: number): Promise<StoredVariables> {
    const rows = await this.database
      .select({
        accountId: deploymentsTable.accountId,
        name: deploymentEnvVarsTable.name,
        valueEncrypted: deploymentEnvVarsTable.valueEncrypted,
      })
      .from(deploymentsTable)
      .leftJoin(deploymentEnvVarsTable, eq(deploymentEnvVarsTable.deploymentId, deploymentsTable.id))
      .where(eq(deploymentsTable.id, deploymentId));
    const values: Record<string, string> = {};
    for (const row of rows) {
      if (row.name !== null && row.valueEncrypted !== null) {
        values[row.name] = this.secretBox.decrypt(row.valueEncrypted);
      }
    }
    return { accountId: rows[0]?.accountId ?? null, values };
  }
}
