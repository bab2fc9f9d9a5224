import { DbtSyncParams, DbtSyncResult } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const getDbtSyncResult = defineOperation({
  operationId: 'getDbtSyncResult',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync/{syncJobId}/result',
  tag: 'DbtSync',
  summary: 'The files a completed dbt sync generated and the counts of the project it read',
  action: 'SchemaRead',
  params: DbtSyncParams,
  response: DbtSyncResult,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
