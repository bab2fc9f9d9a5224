import { GitHubStatus } from '../../schemas/github.schema.js';
import { defineOperation } from '../operation.js';

export const getGithubStatus = defineOperation({
  operationId: 'getGithubStatus',
  method: 'GET',
  path: '/api/v1/github/status',
  tag: 'GitHub',
  summary: "Whether the platform's GitHub App is configured and installed",
  description: 'Without PLATFORM_GITHUB_APP_ID and PLATFORM_GITHUB_APP_PRIVATE_KEY: connected false.',
  action: null,
  response: GitHubStatus,
  errors: ['BAD_GATEWAY'],
});
