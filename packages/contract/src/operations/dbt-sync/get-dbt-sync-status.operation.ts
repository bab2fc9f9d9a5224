import { DbtSyncParams, DbtSyncStatus } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const getDbtSyncStatus = defineOperation({
  operationId: 'getDbtSyncStatus',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync/{syncJobId}',
  tag: 'DbtSync',
  summary: 'The stage and progress of a dbt sync',
  description: 'A cancelled sync reads FAILED here, with the error "cancelled".',
  action: 'SchemaRead',
  params: DbtSyncParams,
  response: DbtSyncStatus,
  errors: ['NOT_FOUND'],
});
