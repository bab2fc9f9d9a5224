import { DeploymentsListResponse, ListDeploymentsQuery } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const listDeployments = defineOperation({
  operationId: 'listDeployments',
  method: 'GET',
  path: '/api/v1/deployments',
  tag: 'Deployments',
  summary: 'List the deployments of the account',
  action: 'DeploymentRead',
  query: ListDeploymentsQuery,
  response: DeploymentsListResponse,
});
