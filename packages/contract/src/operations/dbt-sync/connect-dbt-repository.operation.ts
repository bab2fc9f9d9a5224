import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ConnectDbtRepositoryInput, DbtRepository } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const connectDbtRepository = defineOperation({
  operationId: 'connectDbtRepository',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/dbt-repository',
  tag: 'DbtSync',
  summary: 'Connect (or replace) the dbt repository that git-sourced syncs read',
  description:
    'A sync with `source: git` fetches `ref` (default: this `branch`) from here. A token or webhook secret left out of a replacement is removed.',
  action: 'SchemaUpdate',
  params: DeploymentIdParams,
  body: ConnectDbtRepositoryInput,
  response: DbtRepository,
  errors: ['NOT_FOUND'],
});
