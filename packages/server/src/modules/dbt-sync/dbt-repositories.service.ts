import { type ConnectDbtRepositoryInput, type DbtRepository, operations } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import {
  maskedUrlRefusal,
  maskUrlCredentials,
  openUrl,
  sealWrittenUrl,
} from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import type { GitRemote } from '../../platform/git-store/git-store.js';
import type { DataModelAccess } from '../data-model/data-model-access.js';
import { withGitErrors } from '../data-model/git-errors.js';
import { assertCredentialWithin } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import { type DbtRepositoryRow, dbtRepositoriesTable } from './dbt-sync.tables.js';

/** The connected repository as a sync needs it: the remote with its credential, and the default ref. */
export interface DbtRepositoryConnection {
  remote: GitRemote;
  branch: string;
  /** Decrypted; null when no webhook secret was set. */
  webhookSecret: string | null;
}

/** The path of `receiveDbtWebhook` for one deployment, from its definition in the contract. */
function dbtWebhookPath(deploymentId: number): string {
  return operations.receiveDbtWebhook.path.replace('{deploymentId}', String(deploymentId));
}

/**
 * The dbt repository a deployment's git-sourced syncs read: one per deployment, its token and webhook
 * secret encrypted at rest and never returned.
 */
export class DbtRepositoriesService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly secretBox: SecretBox,
  ) {}

  async get(principal: Principal, deploymentId: number): Promise<DbtRepository> {
    await this.access.load(principal, deploymentId, 'SchemaRead');
    const row = await this.row(deploymentId);
    if (!row) throw new AppError('NOT_FOUND', `deployment ${deploymentId} has no connected dbt repository`);
    return toRepository(row);
  }

  async connect(
    principal: Principal,
    deploymentId: number,
    input: ConnectDbtRepositoryInput,
  ): Promise<DbtRepository> {
    await this.access.load(principal, deploymentId, 'SchemaUpdate');
    if (input.webhookSecret) {
      // The secret starts syncs that write this deployment's model: a developer's rights there, until the
      // secret is changed (it does not expire).
      assertCredentialWithin(
        principal,
        { role: 'developer', deploymentIds: [deploymentId], expiresAt: null },
        'a dbt webhook secret',
      );
    }
    await withGitErrors(() => this.access.gitStore.checkRemote({ url: input.repositoryUrl }));
    const current = await this.row(deploymentId);
    const sealed = sealWrittenUrl(
      input.repositoryUrl,
      current
        ? { maskedUrl: current.repositoryUrl, secretEncrypted: current.repositoryUrlSecretEncrypted }
        : null,
      this.secretBox,
    );
    if (sealed === null) throw new AppError('BAD_REQUEST', maskedUrlRefusal('repositoryUrl'));
    const values = {
      repositoryUrl: sealed.maskedUrl,
      repositoryUrlSecretEncrypted: sealed.secretEncrypted,
      branch: input.branch,
      tokenEncrypted: input.token ? this.secretBox.encrypt(input.token) : null,
      webhookSecretEncrypted: input.webhookSecret ? this.secretBox.encrypt(input.webhookSecret) : null,
      updatedAt: new Date(),
    };
    const [row] = await this.database
      .insert(dbtRepositoriesTable)
      .values({ deploymentId, ...values })
      .onConflictDoUpdate({ target: dbtRepositoriesTable.deploymentId, set: values })
      .returning();
    if (!row) throw new Error('the dbt repository was not stored');
    return toRepository(row);
  }

  async disconnect(principal: Principal, deploymentId: number): Promise<void> {
    await this.access.load(principal, deploymentId, 'SchemaUpdate');
    const deleted = await this.database
      .delete(dbtRepositoriesTable)
      .where(eq(dbtRepositoriesTable.deploymentId, deploymentId))
      .returning({ deploymentId: dbtRepositoriesTable.deploymentId });
    if (deleted.length === 0) {
      throw new AppError('NOT_FOUND', `deployment ${deploymentId} has no connected dbt repository`);
    }
  }

  /** For the sync job and the webhook only: the credentials decrypted. Null when none is connected. */
  async connectionOf(deploymentId: number): Promise<DbtRepositoryConnection | null> {
    const row = await this.row(deploymentId);
    if (!row) return null;
    const token = row.tokenEncrypted ? this.secretBox.decrypt(row.tokenEncrypted) : undefined;
    // Hosts such as GitHub take a token as the password of any user; `x-access-token` is their convention.
    const url = openUrl(
      { maskedUrl: row.repositoryUrl, secretEncrypted: row.repositoryUrlSecretEncrypted },
      this.secretBox,
    );
    const remote: GitRemote = token ? { url, username: 'x-access-token', token } : { url };
    return {
      remote,
      branch: row.branch,
      webhookSecret: row.webhookSecretEncrypted ? this.secretBox.decrypt(row.webhookSecretEncrypted) : null,
    };
  }

  private async row(deploymentId: number): Promise<DbtRepositoryRow | undefined> {
    const [row] = await this.database
      .select()
      .from(dbtRepositoriesTable)
      .where(eq(dbtRepositoriesTable.deploymentId, deploymentId));
    return row;
  }
}

function toRepository(row: DbtRepositoryRow): DbtRepository {
  return {
    repositoryUrl: maskUrlCredentials(row.repositoryUrl),
    branch: row.branch,
    hasToken: row.tokenEncrypted !== null,
    hasWebhookSecret: row.webhookSecretEncrypted !== null,
    webhookPath: dbtWebhookPath(row.deploymentId),
    updatedAt: row.updatedAt.toISOString(),
  };
}
