import { ConnectGithubInput, ConnectGithubResponse } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const connectGithub = defineOperation({
  operationId: 'connectGithub',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/github/connect',
  tag: 'DataModel',
  summary: 'Connect a git remote and a branch to the deployment',
  description: 'The token is stored encrypted and never returned.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  body: ConnectGithubInput,
  response: ConnectGithubResponse,
  errors: ['NOT_FOUND'],
});
