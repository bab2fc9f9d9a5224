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
import type { GitHubService } from '../github/github.service.js';
import type { Principal } from '../identity/principal.js';
import { triggerBuildOrRestoreRef } from './build-or-restore-ref.js';
import type { BuildsService } from './builds.service.js';
import { type GitRemoteRow, gitRemotesTable } from './data-model.tables.js';
import { authorOf, type DataModelAccess } from './data-model-access.js';
import { withGitErrors } from './git-errors.js';

interface ConnectInput {
  repositoryUrl?: string | undefined;
  branch?: string | undefined;
  deployBranchName?: string | undefined;
  installationId?: number | string | undefined;
  name?: string | undefined;
  owner?: string | undefined;
  repo?: string | undefined;
  token?: string | undefined;
}

/** What the data model needs of the GitHub module: repositories an installation reaches, and its tokens. */
export type GitHubInstallations = Pick<GitHubService, 'installationRepository' | 'installationToken'>;

// GitHub takes an installation token as the password of the user `x-access-token`.
const installationTokenUser = 'x-access-token';

/** The git remote a deployment's repository follows: pull fetches from it, merge-to-default pushes to it. */
export class GitRemotesService {
  constructor(
    private readonly database: Database,
    private readonly access: DataModelAccess,
    private readonly secretBox: SecretBox,
    private readonly builds: BuildsService,
    private readonly github: GitHubInstallations,
  ) {}

  /**
   * Connects `repositoryUrl` (with an optional token), or else the repository `name` that the GitHub
   * App installation `installationId` reaches, as the hosted client sends it: fetched with installation
   * tokens, minted when needed and never stored. Either way the URL must pass the git store's remote policy.
   */
  async connect(principal: Principal, deploymentId: number, input: ConnectInput) {
    await this.access.load(principal, deploymentId, 'SchemaUpdate');
    const branch = input.branch ?? input.deployBranchName;
    if (input.repositoryUrl === undefined) {
      return this.connectInstallation(principal.accountName, deploymentId, input, branch);
    }
    const repositoryUrl = input.repositoryUrl;
    if (branch === undefined) throw new AppError('BAD_REQUEST', 'branch: required with a repositoryUrl');
    await withGitErrors(() => this.access.gitStore.checkRemote({ url: repositoryUrl }));
    return this.keep(deploymentId, repositoryUrl, {
      branch,
      installationId: input.installationId === undefined ? null : String(input.installationId),
      owner: input.owner ?? null,
      repo: input.repo ?? null,
      tokenEncrypted: input.token ? this.secretBox.encrypt(input.token) : null,
      usesInstallationToken: false,
    });
  }

  private async connectInstallation(
    accountName: string,
    deploymentId: number,
    input: ConnectInput,
    branch: string | undefined,
  ) {
    const name = input.name ?? input.repo;
    if (input.installationId === undefined || name === undefined) {
      throw new AppError(
        'BAD_REQUEST',
        'give a repositoryUrl, or an installationId and the name of a repository it reaches (without the owner)',
      );
    }
    const installationId = String(input.installationId);
    const repository = await this.github.installationRepository(
      accountName,
      installationId,
      name,
      input.owner,
    );
    await withGitErrors(() => this.access.gitStore.checkRemote({ url: repository.cloneUrl }));
    return this.keep(deploymentId, repository.cloneUrl, {
      branch: branch ?? repository.defaultBranch,
      installationId,
      owner: repository.owner,
      repo: repository.name,
      tokenEncrypted: null,
      usesInstallationToken: true,
    });
  }

  private async keep(
    deploymentId: number,
    repositoryUrl: string,
    remote: {
      branch: string;
      installationId: string | null;
      owner: string | null;
      repo: string | null;
      tokenEncrypted: string | null;
      usesInstallationToken: boolean;
    },
  ) {
    const sealed = sealWrittenUrl(repositoryUrl, await this.sealedUrlOf(deploymentId), this.secretBox);
    if (sealed === null) throw new AppError('BAD_REQUEST', maskedUrlRefusal('repositoryUrl'));
    const values = {
      repositoryUrl: sealed.maskedUrl,
      repositoryUrlSecretEncrypted: sealed.secretEncrypted,
      ...remote,
    };
    await this.database
      .insert(gitRemotesTable)
      .values({ deploymentId, ...values })
      .onConflictDoUpdate({
        target: gitRemotesTable.deploymentId,
        set: { ...values, updatedAt: sql`now()` },
      });
    return { connected: true as const, repositoryUrl: sealed.maskedUrl, branch: remote.branch };
  }

  /** The connected remote with its credential decrypted, for the git store only; null when none. */
  async remoteOf(deploymentId: number): Promise<{ remote: GitRemote; branch: string } | null> {
    const [row] = await this.database
      .select()
      .from(gitRemotesTable)
      .where(eq(gitRemotesTable.deploymentId, deploymentId));
    if (!row) return null;
    const token = await this.tokenOf(row);
    const url = openUrl(
      { maskedUrl: row.repositoryUrl, secretEncrypted: row.repositoryUrlSecretEncrypted },
      this.secretBox,
    );
    const remote: GitRemote = token ? { url, username: installationTokenUser, token } : { url };
    return { remote, branch: row.branch };
  }

  /** The stored token decrypted, or a (cached) installation token of the GitHub App; none for a public remote. */
  private async tokenOf(row: GitRemoteRow): Promise<string | undefined> {
    if (row.usesInstallationToken && row.installationId !== null) {
      return this.github.installationToken(row.installationId);
    }
    return row.tokenEncrypted ? this.secretBox.decrypt(row.tokenEncrypted) : undefined;
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
