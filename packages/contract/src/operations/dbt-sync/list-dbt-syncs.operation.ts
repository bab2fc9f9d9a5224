import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DbtSyncsQuery, DbtSyncsResponse } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const listDbtSyncs = defineOperation({
  operationId: 'listDbtSyncs',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync',
  tag: 'DbtSync',
  summary: 'The history of dbt syncs of a deployment, newest first, with status and trigger filters',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  query: DbtSyncsQuery,
  response: DbtSyncsResponse,
  errors: ['NOT_FOUND'],
});
