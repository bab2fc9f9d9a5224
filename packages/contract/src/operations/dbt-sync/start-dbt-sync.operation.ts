import { DeploymentIdParams } from '../../schemas/common.schema.js';
import {
  dbtManifestLimitBytes,
  StartDbtSyncInput,
  StartDbtSyncResponse,
} from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const startDbtSync = defineOperation({
  operationId: 'startDbtSync',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync',
  tag: 'DbtSync',
  summary: "Start a sync of a dbt project's models into cubes on a new branch",
  description:
    'Runs in the background: follow it with getDbtSyncStatus. The generated files are committed to the new branch in one commit, which is then built; the sync completes only when that build succeeds.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  body: StartDbtSyncInput,
  response: StartDbtSyncResponse,
  successStatus: 201,
  bodyLimitBytes: dbtManifestLimitBytes,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
