import { DeploymentIdParams } from '../../schemas/common.schema.js';
import {
  BulkDeleteWorkspaceItemsInput,
  BulkDeleteWorkspaceItemsResponse,
} from '../../schemas/workspace.schema.js';
import { defineOperation } from '../operation.js';

export const bulkDeleteWorkspaceItems = defineOperation({
  operationId: 'bulkDeleteWorkspaceItems',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workspace/bulk-delete',
  tag: 'Workspace',
  summary: 'Delete up to 100 folders, workbooks and reports, each on its own',
  description:
    'Always 200 when well-formed: each item is deleted or listed in `failed` with `{status, message}` (404 unknown, 403 without manage rights, 400 a folder that holds anything without `recursive`). Deleting a workbook deletes its reports.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  body: BulkDeleteWorkspaceItemsInput,
  response: BulkDeleteWorkspaceItemsResponse,
  errors: ['NOT_FOUND'],
});
