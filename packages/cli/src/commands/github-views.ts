import type { GitHubBranch, GitHubInstallation, GitHubRepository, GitHubStatus } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

export function formatGitHubStatus(status: GitHubStatus): string {
  return formatKeyValues([
    ['connected', status.connected],
    ['install the app', status.linkUrl],
    ['manage installations', status.settingsUrl],
  ]);
}

export function formatGitHubInstallations(installations: readonly GitHubInstallation[]): string {
  if (installations.length === 0) return 'no installations';
  return formatTable(
    [
      { header: 'INSTALLATION', value: (installation: GitHubInstallation) => installation.installationId },
      { header: 'ACCOUNT', value: (installation: GitHubInstallation) => installation.login },
    ],
    installations,
  );
}

export function formatGitHubRepositories(repositories: readonly GitHubRepository[]): string {
  if (repositories.length === 0) return 'no repositories';
  return formatTable(
    [
      { header: 'NAME', value: (repository: GitHubRepository) => repository.fullName },
      { header: 'DEFAULT BRANCH', value: (repository: GitHubRepository) => repository.defaultBranch },
      { header: 'URL', value: (repository: GitHubRepository) => repository.htmlUrl },
    ],
    repositories,
  );
}

export function formatGitHubBranches(branches: readonly GitHubBranch[]): string {
  if (branches.length === 0) return 'no branches';
  return formatTable(
    [
      { header: 'BRANCH', value: (branch: GitHubBranch) => branch.name },
      { header: 'DEFAULT', value: (branch: GitHubBranch) => (branch.isDefault ? 'yes' : '') },
    ],
    branches,
  );
}
