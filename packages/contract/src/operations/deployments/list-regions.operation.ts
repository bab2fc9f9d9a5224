import { RegionsResponse } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const listRegions = defineOperation({
  operationId: 'listRegions',
  method: 'GET',
  path: '/api/v1/regions',
  tag: 'Deployments',
  summary: 'Regions available to the account',
  action: 'DeploymentRead',
  response: RegionsResponse,
});
