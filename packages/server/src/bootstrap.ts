import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import {
  type DemoDeploymentService,
  demoSampleDataUrl,
} from './modules/deployments/demo-deployment.service.js';
import { bootstrapDefaultAccount } from './modules/identity/account-bootstrap.service.js';
import type { Database } from './platform/database/database.js';
import { ensureSampleDataFile } from './platform/sample-data/ensure-sample-data-file.js';
import { accountWarehouseDirectory } from './platform/warehouse/duckdb-file-rule.js';

export interface BootstrapOutcome {
  accountId: number;
  adminApiKey: string | null;
  adminKeyPath: string | null;
}

/**
 * The sample data file the demo deployment's relative PLATFORM_DB_URL names: in its account's directory of
 * the data directory, the only place there a deployment of that account may read DuckDB files.
 */
export function demoSampleDataPath(dataDirectory: string, accountId: number): string {
  return join(accountWarehouseDirectory(dataDirectory, accountId), demoSampleDataUrl);
}

/** What the first start on an empty store creates; later starts find it and change nothing. */
export class AccountBootstrap {
  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly demoDeployment: DemoDeploymentService,
    /** Gives the demo its data model and its agent; other modules own those, not this one. */
    private readonly onDemoCreated: (deploymentId: number, accountId: number) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  async run(options: { writeKeyFile: boolean }): Promise<BootstrapOutcome> {
    const result = await bootstrapDefaultAccount(this.database, this.config.bootstrapApiKey);
    // After the account's own transaction: a crash in between is repaired by the next start.
    const demoId = await this.demoDeployment.ensure(result.accountId);
    // Before the demo's model builds and before the server listens: the demo is queryable once it is up.
    if (demoId !== null || (await this.demoDeployment.isSampleDataInUse(result.accountId))) {
      await this.ensureSampleData(result.accountId);
    }
    if (demoId !== null) await this.onDemoCreated(demoId, result.accountId);
    let adminKeyPath: string | null = null;
    if (result.adminApiKey && options.writeKeyFile) {
      await mkdir(this.config.dataDirectory, { recursive: true });
      adminKeyPath = join(this.config.dataDirectory, 'admin-key');
      await writeFile(adminKeyPath, `${result.adminApiKey}\n`, { mode: 0o600 });
    }
    return { ...result, adminKeyPath };
  }

  /** Generates the sample data when its file is missing (first start, or deleted by the operator). */
  private async ensureSampleData(accountId: number): Promise<void> {
    const scale = this.config.demoDataScale;
    const outcome = await ensureSampleDataFile({
      databasePath: demoSampleDataPath(this.config.dataDirectory, accountId),
      scale,
    });
    if (!outcome.isGenerated) return;
    const orders = (outcome.rowCounts.orders ?? 0).toLocaleString('en-US');
    this.logger.info(
      { path: outcome.databasePath, scale, rowCounts: outcome.rowCounts },
      `generated the demo sample data (scale ${scale}, ${orders} orders) in ${outcome.elapsedMilliseconds} ms`,
    );
  }
}
