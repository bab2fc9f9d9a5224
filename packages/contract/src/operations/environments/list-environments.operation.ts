import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { EnvironmentsListResponse, ListEnvironmentsQuery } from '../../schemas/environment.schema.js';
import { defineOperation } from '../operation.js';

export const listEnvironments = defineOperation({
  operationId: 'listEnvironments',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/environments',
  tag: 'Environments',
  summary: 'The environments of a deployment and their API credentials',
  description:
    "`production` serves the deploy branch, `staging` each branch whose staging environment is on (PUT .../branches/staging-environment), `development` each credential's dev-mode branch.",
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  query: ListEnvironmentsQuery,
  response: EnvironmentsListResponse,
  errors: ['NOT_FOUND'],
});
