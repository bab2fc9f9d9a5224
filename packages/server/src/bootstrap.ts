import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { DemoDeploymentService } from './modules/deployments/demo-deployment.service.js';
import { bootstrapDefaultAccount } from './modules/identity/account-bootstrap.service.js';
import type { Database } from './platform/database/database.js';

export interface BootstrapOutcome {
  accountId: number;
  adminApiKey: string | null;
  adminKeyPath: string | null;
}

/** What the first start on an empty store creates; later starts find it and change nothing. */
export class AccountBootstrap {
  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly demoDeployment: DemoDeploymentService,
    /** Gives the demo its starter data model; the data-model module owns that, not this one. */
    private readonly onDemoCreated: (deploymentId: number) => Promise<void>,
  ) {}

  async run(options: { writeKeyFile: boolean }): Promise<BootstrapOutcome> {
    const result = await bootstrapDefaultAccount(this.database, this.config.bootstrapApiKey);
    // After the account's own transaction: a crash in between is repaired by the next start.
    const demoId = await this.demoDeployment.ensure(result.accountId);
    if (demoId !== null) await this.onDemoCreated(demoId);
    let adminKeyPath: string | null = null;
    if (result.adminApiKey && options.writeKeyFile) {
      await mkdir(this.config.dataDirectory, { recursive: true });
      adminKeyPath = join(this.config.dataDirectory, 'admin-key');
      await writeFile(adminKeyPath, `${result.adminApiKey}\n`, { mode: 0o600 });
    }
    return { ...result, adminKeyPath };
  }
}
