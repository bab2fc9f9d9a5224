import { DeploymentIdParams } from '../../schemas/common.schema.js';
import {
  BulkMoveWorkspaceItemsInput,
  BulkMoveWorkspaceItemsResponse,
} from '../../schemas/workspace.schema.js';
import { defineOperation } from '../operation.js';

export const bulkMoveWorkspaceItems = defineOperation({
  operationId: 'bulkMoveWorkspaceItems',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workspace/bulk-move',
  tag: 'Workspace',
  summary: 'Move up to 100 folders, workbooks and reports into one folder, each on its own',
  description:
    'Always 200 when well-formed: each item is moved or listed in `failed` with `{status, message}`, by the rules of POST .../workspace/move.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  body: BulkMoveWorkspaceItemsInput,
  response: BulkMoveWorkspaceItemsResponse,
  errors: ['NOT_FOUND'],
});
