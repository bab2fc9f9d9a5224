import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const disconnectDbtRepository = defineOperation({
  operationId: 'disconnectDbtRepository',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/dbt-repository',
  tag: 'DbtSync',
  summary: 'Disconnect the dbt repository',
  description: 'Its webhook stops starting syncs; the history of past syncs stays.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  successStatus: 204,
  errors: ['NOT_FOUND'],
});
