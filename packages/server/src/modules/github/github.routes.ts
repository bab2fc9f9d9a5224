import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { GitHubService } from './github.service.js';

type GitHubOperations = Pick<
  Operations,
  'getGithubStatus' | 'listGithubInstallations' | 'listGithubRepositories' | 'listGithubBranches'
>;

export function gitHubRoutes(github: GitHubService): OperationHandlers<GitHubOperations> {
  return {
    getGithubStatus: ({ context }) => github.status(context.principal.accountName),
    listGithubInstallations: ({ query, context }) =>
      github.installations(context.principal.accountName, query),
    listGithubRepositories: ({ params, query, context }) =>
      github.repositories(context.principal.accountName, params.installationId, query),
    listGithubBranches: ({ params, query, context }) =>
      github.branches(context.principal.accountName, params.owner, params.repo, query.installationId, query),
  };
}
