import { DbtSyncLogsResponse, DbtSyncParams } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const getDbtSyncLogs = defineOperation({
  operationId: 'getDbtSyncLogs',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync/{syncJobId}/logs',
  tag: 'DbtSync',
  summary: 'The log of a dbt sync: one entry per phase with its duration',
  action: 'SchemaRead',
  params: DbtSyncParams,
  response: DbtSyncLogsResponse,
  errors: ['NOT_FOUND'],
});
