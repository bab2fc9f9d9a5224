import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ListWorkspaceQuery, WorkspaceListResponse } from '../../schemas/workspace.schema.js';
import { defineOperation } from '../operation.js';

export const listWorkspace = defineOperation({
  operationId: 'listWorkspace',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/workspace',
  tag: 'Workspace',
  summary: 'The folders, workbooks and reports of one folder, or those matching a search',
  description:
    'Without `search`: the items directly in `folderId` (the root without it); reports of a workbook are listed in the workbook, not here. With `search`: every item whose name contains the text in the deployment (or under `folderId`). Only what the caller may see, including workbooks that are not shared.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListWorkspaceQuery,
  response: WorkspaceListResponse,
  errors: ['NOT_FOUND'],
});
