import {
  GitHubBranchesListResponse,
  GitHubRepositoryParams,
  ListGitHubBranchesQuery,
} from '../../schemas/github.schema.js';
import { defineOperation } from '../operation.js';

export const listGithubBranches = defineOperation({
  operationId: 'listGithubBranches',
  method: 'GET',
  path: '/api/v1/github/repositories/{owner}/{repo}/branches',
  tag: 'GitHub',
  summary: 'List the branches of a repository, through the installation that reaches it',
  description: 'A 409 when GitHub is not configured, saying what to set.',
  action: 'SchemaUpdate',
  params: GitHubRepositoryParams,
  query: ListGitHubBranchesQuery,
  response: GitHubBranchesListResponse,
  errors: ['NOT_FOUND', 'CONFLICT', 'BAD_GATEWAY'],
});
