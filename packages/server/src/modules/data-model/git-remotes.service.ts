import { eq, sql } from 'drizzle-orm';
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
import type { Principal } from '../identity/principal.js';
import { triggerBuildOrRestoreRef } from './build-or-restore-ref.js';
import type { BuildsService } from './builds.service.js';
import { gitRemotesTable } from './data-model.tables.js';
import { authorOf, type DataModelAccess } from './data-model-access.js';
import { withGitErrors } from './git-errors.js';

interface ConnectInput {
  repositoryUrl: string;
  branch: string;
  installationId?: number | string;
  owner?: string;
  repo?: string;
  token?: string;
}

/** The git remote a deployment's repository follows: pull fetches from it, merge-to-default pushes to it. */
export class GitRemotesService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly secretBox: SecretBox,
    private readonly builds: BuildsService,
  ) {}

  async connect(principal: Principal, deploymentId: number, input: ConnectInput) {
    await this.access.load(principal, deploymentId, 'SchemaUpdate');
    await withGitErrors(() => this.access.gitStore.checkRemote({ url: input.repositoryUrl }));
    const sealed = sealWrittenUrl(input.repositoryUrl, await this.sealedUrlOf(deploymentId), this.secretBox);
    if (sealed === null) throw new AppError('BAD_REQUEST', maskedUrlRefusal('repositoryUrl'));
    const values = {
      repositoryUrl: sealed.maskedUrl,
      repositoryUrlSecretEncrypted: sealed.secretEncrypted,
      branch: input.branch,
      installationId: input.installationId === undefined ? null : String(input.installationId),
      owner: input.owner ?? null,
      repo: input.repo ?? null,
      tokenEncrypted: input.token ? this.secretBox.encrypt(input.token) : null,
    };
    await this.database
      .insert(gitRemotesTable)
      .values({ deploymentId, ...values })
      .onConflictDoUpdate({
        target: gitRemotesTable.deploymentId,
        set: { ...values, updatedAt: sql`now()` },
      });
    return { connected: true as const, repositoryUrl: sealed.maskedUrl, branch: input.branch };
  }

  /** The connected remote with its credential decrypted, for the git store only; null when none. */
  async remoteOf(deploymentId: number): Promise<{ remote: GitRemote; branch: string } | null> {
    const [row] = await this.database
      .select()
      .from(gitRemotesTable)
      .where(eq(gitRemotesTable.deploymentId, deploymentId));
    if (!row) return null;
    const token = row.tokenEncrypted ? this.secretBox.decrypt(row.tokenEncrypted) : undefined;
    // GitHub takes an installation token as the password of the user `x-access-token`.
    const url = openUrl(
      { maskedUrl: row.repositoryUrl, secretEncrypted: row.repositoryUrlSecretEncrypted },
      this.secretBox,
    );
    const remote: GitRemote = token ? { url, username: 'x-access-token', token } : { url };
    return { remote, branch: row.branch };
  }

  private async sealedUrlOf(deploymentId: number) {
    const [row] = await this.database
      .select({
        maskedUrl: gitRemotesTable.repositoryUrl,
        secretEncrypted: gitRemotesTable.repositoryUrlSecretEncrypted,
      })
      .from(gitRemotesTable)
      .where(eq(gitRemotesTable.deploymentId, deploymentId));
    return row ?? null;
  }

  /** Fetches the remote branch and merges it into `branchName` (the deploy branch by default), then builds. */
  async pull(principal: Principal, deploymentId: number, branchName?: string) {
    const model = await this.access.load(principal, deploymentId, 'SchemaUpdateDevBranches');
    const target = branchName ?? model.deployment.deployBranchName;
    if (target === model.deployment.deployBranchName) {
      await this.access.require(principal, deploymentId, 'SchemaUpdate');
    }
    const connected = await this.remoteOf(deploymentId);
    if (!connected) {
      throw new AppError('BAD_REQUEST', 'no git remote is connected; call github/connect first');
    }
    await this.access.headOf(model.repositoryId, target);
    const { gitStore } = this.access;
    const fetched = await withGitErrors(() =>
      gitStore.fetch(model.repositoryId, connected.remote, connected.branch),
    );
    const result = await withGitErrors(() =>
      gitStore.merge(model.repositoryId, {
        ours: target,
        theirs: fetched,
        // why: the commit message is read by every viewer; the remote's credentials stay out of it.
        message: `Merge ${connected.branch} of ${maskUrlCredentials(connected.remote.url)} into ${target}`,
        author: authorOf(principal),
      }),
    );
    if (!result.isUpToDate) {
      await triggerBuildOrRestoreRef(gitStore, this.builds, model, {
        branch: target,
        previous: result.previous,
        next: result.commit,
      });
    }
    return { buildTriggered: !result.isUpToDate, lastHash: result.commit };
  }
}
