import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ListWorkspaceQuery, WorkspaceListResponse } from '../../schemas/workspace.schema.js';
import { defineOperation } from '../operation.js';

export const listSharedWorkspace = defineOperation({
  operationId: 'listSharedWorkspace',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/shared-workspace',
  tag: 'Workspace',
  summary: 'The workspace list without private content',
  description:
    'As GET .../workspace, leaving out workbooks that are not shared and their reports, even those the caller owns or manages.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListWorkspaceQuery,
  response: WorkspaceListResponse,
  errors: ['NOT_FOUND'],
});
