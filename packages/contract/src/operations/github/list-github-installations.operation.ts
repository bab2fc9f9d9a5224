import { GitHubInstallationsListResponse, GitHubPagingQuery } from '../../schemas/github.schema.js';
import { defineOperation } from '../operation.js';

export const listGithubInstallations = defineOperation({
  operationId: 'listGithubInstallations',
  method: 'GET',
  path: '/api/v1/github/installations',
  tag: 'GitHub',
  summary: "List the installations of the platform's GitHub App",
  description: 'A 409 when GitHub is not configured, saying what to set.',
  action: 'SchemaUpdate',
  query: GitHubPagingQuery,
  response: GitHubInstallationsListResponse,
  errors: ['CONFLICT', 'BAD_GATEWAY'],
});
