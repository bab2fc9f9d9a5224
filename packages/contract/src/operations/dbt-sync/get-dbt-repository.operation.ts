import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DbtRepository } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const getDbtRepository = defineOperation({
  operationId: 'getDbtRepository',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dbt-repository',
  tag: 'DbtSync',
  summary: 'The dbt repository connected to the deployment',
  description: 'A 404 when none is connected. The token and the webhook secret are never returned.',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  response: DbtRepository,
  errors: ['NOT_FOUND'],
});
