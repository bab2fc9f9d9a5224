import { CancelDbtSyncResponse, DbtSyncParams } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const cancelDbtSync = defineOperation({
  operationId: 'cancelDbtSync',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync/{syncJobId}',
  tag: 'DbtSync',
  summary: 'Cancel a running dbt sync',
  description: 'The sync stops at the next phase boundary and deletes the branch it created.',
  action: 'SchemaUpdate',
  params: DbtSyncParams,
  response: CancelDbtSyncResponse,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
