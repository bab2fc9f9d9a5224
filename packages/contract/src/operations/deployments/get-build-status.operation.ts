import { BuildStatus, BuildStatusQuery, DeploymentIdParams } from '../../schemas/deployment.schema.js';
import { defineOperation } from '../operation.js';

export const getBuildStatus = defineOperation({
  operationId: 'getBuildStatus',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/build-status',
  tag: 'Deployments',
  summary: "Build state of a branch's data model",
  description: 'Without `branchName`, the deploy branch.',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  query: BuildStatusQuery,
  response: BuildStatus,
  errors: ['NOT_FOUND'],
});
