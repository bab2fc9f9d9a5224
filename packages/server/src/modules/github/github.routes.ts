import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { GitHubService } from './github.service.js';

type GitHubOperations = Pick<
  Operations,
  'getGithubStatus' | 'listGithubInstallations' | 'listGithubRepositories' | 'listGithubBranches'
>;

export function gitHubRoutes(github: GitHubService): OperationHandlers<GitHubOperations> {
  return {
    getGithubStatus: () => github.status(),
    listGithubInstallations: ({ query }) => github.installations(query),
    listGithubRepositories: ({ params, query }) => github.repositories(params.installationId, query),
    listGithubBranches: ({ params, query }) =>
      github.branches(params.owner, params.repo, query.installationId, query),
  };
}
