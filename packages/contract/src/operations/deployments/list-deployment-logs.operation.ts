import {
  DeploymentIdParams,
  DeploymentLogsQuery,
  DeploymentLogsResponse,
} from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const listDeploymentLogs = defineOperation({
  operationId: 'listDeploymentLogs',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/logs',
  tag: 'Deployments',
  summary: "The deployment's log lines, oldest first, with source, container and pod filters",
  action: 'DeploymentRead',
  params: DeploymentIdParams,
  query: DeploymentLogsQuery,
  response: DeploymentLogsResponse,
  errors: ['NOT_FOUND'],
});
