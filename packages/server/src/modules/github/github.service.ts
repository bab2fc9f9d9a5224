import type { GitHubAppConfig } from '../../config.js';
import { AppError } from '../../errors/app-error.js';
import { GitHubAppClient } from './github-app-client.js';
import { gitHubPageOf, gitHubQueryOf, pageInfoOf } from './github-paging.js';

// GitHub's own rule for account and repository names; `.` and `..` would change the API path.
const gitHubNamePattern = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,100}$/;

interface PageQuery {
  first: number;
  after?: string | undefined;
}

interface GitHubInstallation {
  id: number;
  account: { login: string } | null;
}

interface GitHubRepository {
  name: string;
  full_name: string;
  html_url: string;
  clone_url: string;
  default_branch: string;
  owner: { login: string };
}

/** A repository an installation reaches, as the data model connects it. */
export interface InstallationRepository {
  owner: string;
  name: string;
  cloneUrl: string;
  defaultBranch: string;
}

/**
 * GitHub discovery through the platform's GitHub App: its installations, the repositories each one
 * reaches and their branches; and, for the data model, the repositories' clone URLs and short-lived
 * installation tokens to fetch them with. Without PLATFORM_GITHUB_APP_ID and _PRIVATE_KEY every call but
 * `status` is a 409 saying what to set.
 */
export class GitHubService {
  private readonly client: GitHubAppClient | null;

  constructor(private readonly settings: GitHubAppConfig) {
    const { appId, privateKey } = settings;
    this.client =
      appId !== null && privateKey !== null ? new GitHubAppClient({ ...settings, appId, privateKey }) : null;
  }

  get isConfigured(): boolean {
    return this.client !== null;
  }

  /**
   * Connected: the app is configured and installed somewhere, and the caller's account may use it. The
   * links lead to installing and managing it.
   */
  async status(accountName: string) {
    const webUrl = webUrlOf(this.settings.apiUrl);
    const linkUrl = this.settings.appSlug
      ? `${webUrl}/apps/${encodeURIComponent(this.settings.appSlug)}/installations/new`
      : null;
    if (this.client === null || accountName !== this.settings.accountName) {
      return { connected: false, linkUrl: null, settingsUrl: null };
    }
    const { body } = await this.client.asApp<GitHubInstallation[]>('/app/installations', { per_page: '1' });
    return { connected: body.length > 0, linkUrl, settingsUrl: `${webUrl}/settings/installations` };
  }

  async installations(accountName: string, query: PageQuery) {
    const client = this.requireClient(accountName);
    const request = gitHubPageOf(query);
    const { body, hasNextPage } = await client.asApp<GitHubInstallation[]>(
      '/app/installations',
      gitHubQueryOf(request),
    );
    return {
      items: body.map((installation) => ({
        installationId: installation.id,
        login: installation.account?.login ?? '',
      })),
      pageInfo: pageInfoOf(request, hasNextPage),
    };
  }

  async repositories(accountName: string, installationId: number, query: PageQuery) {
    const client = this.requireClient(accountName);
    const request = gitHubPageOf(query);
    const { body, hasNextPage } = await client.asInstallation<{ repositories: GitHubRepository[] }>(
      String(installationId),
      '/installation/repositories',
      gitHubQueryOf(request),
    );
    return {
      items: body.repositories.map((repository) => ({
        name: repository.name,
        fullName: repository.full_name,
        htmlUrl: repository.html_url,
        defaultBranch: repository.default_branch,
      })),
      pageInfo: pageInfoOf(request, hasNextPage),
    };
  }

  async branches(accountName: string, owner: string, repo: string, installationId: number, query: PageQuery) {
    const client = this.requireClient(accountName);
    const request = gitHubPageOf(query);
    const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    const [repository, branches] = await Promise.all([
      client.asInstallation<GitHubRepository>(String(installationId), path),
      client.asInstallation<Array<{ name: string }>>(
        String(installationId),
        `${path}/branches`,
        gitHubQueryOf(request),
      ),
    ]);
    return {
      items: branches.body.map((branch) => ({
        name: branch.name,
        isDefault: branch.name === repository.body.default_branch,
      })),
      pageInfo: pageInfoOf(request, branches.hasNextPage),
    };
  }

  /**
   * The repository `name` of an installation's account (or of `owner` when given), with its clone URL
   * and default branch; a 404 when the installation does not reach it.
   */
  async installationRepository(
    accountName: string,
    installationId: string,
    name: string,
    owner?: string,
  ): Promise<InstallationRepository> {
    const client = this.requireClient(accountName);
    if (!gitHubNamePattern.test(name) || (owner !== undefined && !gitHubNamePattern.test(owner))) {
      throw new AppError(
        'BAD_REQUEST',
        'name: must be a GitHub repository name (letters, digits, -, _ and .)',
      );
    }
    const login =
      owner ??
      (await client.asApp<GitHubInstallation>(`/app/installations/${encodeURIComponent(installationId)}`))
        .body.account?.login;
    if (!login) throw new AppError('NOT_FOUND', `GitHub installation ${installationId} has no account`);
    const { body } = await client.asInstallation<GitHubRepository>(
      installationId,
      `/repos/${encodeURIComponent(login)}/${encodeURIComponent(name)}`,
    );
    return {
      owner: body.owner.login,
      name: body.name,
      cloneUrl: body.clone_url,
      defaultBranch: body.default_branch,
    };
  }

  /**
   * An installation access token for git over https (user `x-access-token`); cached, re-minted near
   * expiry. For a remote already connected by the app's account (its pulls and pushes).
   */
  installationToken(installationId: string): Promise<string> {
    return this.requireClient(this.settings.accountName).installationToken(installationId);
  }

  /** The client, for the app's own account only: another account's callers learn nothing of the app. */
  private requireClient(accountName: string): GitHubAppClient {
    if (accountName !== this.settings.accountName) {
      throw new AppError(
        'NOT_FOUND',
        "this account has no GitHub App: the platform's app serves another account",
      );
    }
    if (this.client === null) {
      throw new AppError(
        'CONFLICT',
        'GitHub is not configured: set PLATFORM_GITHUB_APP_ID and PLATFORM_GITHUB_APP_PRIVATE_KEY (and PLATFORM_GITHUB_API_URL for GitHub Enterprise)',
      );
    }
    return this.client;
  }
}

/** github.com for the public API; the host itself for GitHub Enterprise (`https://host/api/v3`). */
function webUrlOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === 'api.github.com') return 'https://github.com';
  return `${url.origin}${url.pathname.replace(/\/api\/v3\/?$/, '')}`.replace(/\/+$/, '');
}
