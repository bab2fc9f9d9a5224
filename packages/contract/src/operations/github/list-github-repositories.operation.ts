import {
  GitHubInstallationParams,
  GitHubPagingQuery,
  GitHubRepositoriesListResponse,
} from '../../schemas/github.schema.js';
import { defineOperation } from '../operation.js';

export const listGithubRepositories = defineOperation({
  operationId: 'listGithubRepositories',
  method: 'GET',
  path: '/api/v1/github/installations/{installationId}/repositories',
  tag: 'GitHub',
  summary: 'List the repositories a GitHub App installation reaches',
  description: 'A 409 when GitHub is not configured, saying what to set.',
  action: 'SchemaUpdate',
  params: GitHubInstallationParams,
  query: GitHubPagingQuery,
  response: GitHubRepositoriesListResponse,
  errors: ['NOT_FOUND', 'CONFLICT', 'BAD_GATEWAY'],
});
