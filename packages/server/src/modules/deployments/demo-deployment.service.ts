import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import type { DeploymentLogsService } from './deployment-logs.service.js';
import { deploymentsTable } from './deployments.tables.js';
import { defaultRegionOf } from './regions.service.js';

export const demoDeploymentName = 'demo';

/** The demo keeps the table's default deploy branch. */
export const demoDeployBranchName = 'main';

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
      await this.logs.appendEvent(created.id, 'demo deployment created on first start', transaction);
      return created.id;
    });
    if (createdId !== null) await this.access.changed(accountId);
    return createdId;
  }
}
