import { and, eq } from 'drizzle-orm';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import type { DeploymentLogsService } from './deployment-logs.service.js';
import { deploymentEnvVarsTable, deploymentsTable } from './deployments.tables.js';
import { isSecretEnvVarName } from './env-vars.service.js';
import { defaultRegionOf } from './regions.service.js';

export const demoDeploymentName = 'demo';

/** The demo keeps the table's default deploy branch. */
export const demoDeployBranchName = 'main';

/** The demo's warehouse: the generated sample data, a DuckDB file relative to its account's directory. */
export const demoSampleDataUrl = 'demo/sample-data.duckdb';

export const demoWarehouseEnvVars: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'PLATFORM_DB_TYPE', value: 'duckdb' },
  { name: 'PLATFORM_DB_URL', value: demoSampleDataUrl },
  // Every process sharing the data directory opens the one file at once (files are always read-only now).
  { name: 'PLATFORM_DB_READ_ONLY', value: 'true' },
];

/**
 * The deployment a new account starts with, ready to query. It is created only while the account has
 * no deployment at all, so that a restart does not bring back a demo the operator deleted after making
 * their own. Several processes starting at once may all see an empty account: the unique
 * (account, name) index lets exactly one insert, the others insert nothing.
 */
export class DemoDeploymentService {
  constructor(
    private readonly database: Database,
    private readonly logs: DeploymentLogsService,
    private readonly access: DeploymentAccessService,
    private readonly secretBox: SecretBox,
    private readonly config: { regions: readonly string[] },
  ) {}

  /** Returns the id of the demo deployment when this call created it, else null. */
  async ensure(accountId: number): Promise<number | null> {
    const region = defaultRegionOf(this.config.regions);
    const createdId = await this.database.transaction(async (transaction) => {
      const [existing] = await transaction
        .select({ id: deploymentsTable.id })
        .from(deploymentsTable)
        .where(eq(deploymentsTable.accountId, accountId))
        .limit(1);
      if (existing) return null;
      const [created] = await transaction
        .insert(deploymentsTable)
        .values({
          accountId,
          name: demoDeploymentName,
          creationStep: 'ready',
          cloudProvider: 'cubecloud',
          creationMethod: 'cubecloud',
          deployMode: 'cli',
          region,
        })
        .onConflictDoNothing()
        .returning({ id: deploymentsTable.id });
      if (!created) return null;
      // In the same transaction: a demo without its warehouse variables would never be queryable.
      await transaction.insert(deploymentEnvVarsTable).values(
        demoWarehouseEnvVars.map(({ name, value }) => ({
          deploymentId: created.id,
          name,
          valueEncrypted: this.secretBox.encrypt(value),
          isSecret: isSecretEnvVarName(name),
        })),
      );
      await this.logs.appendEvent(created.id, 'demo deployment created on first start', transaction);
      return created.id;
    });
    if (createdId !== null) await this.access.changed(accountId);
    return createdId;
  }

  /**
   * Whether a deployment of the account still reads its sample data file, so a start regenerates it when
   * missing but not after the operator removed every demo (or pointed it at their own warehouse).
   */
  async isSampleDataInUse(accountId: number): Promise<boolean> {
    const rows = await this.database
      .select({ valueEncrypted: deploymentEnvVarsTable.valueEncrypted })
      .from(deploymentEnvVarsTable)
      .innerJoin(deploymentsTable, eq(deploymentsTable.id, deploymentEnvVarsTable.deploymentId))
      .where(
        and(eq(deploymentEnvVarsTable.name, 'PLATFORM_DB_URL'), eq(deploymentsTable.accountId, accountId)),
      );
    return rows.some((row) => this.secretBox.decrypt(row.valueEncrypted) === demoSampleDataUrl);
  }
}
