import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { MoveWorkspaceItemInput, WorkspaceItem } from '../../schemas/workspace.schema.js';
import { defineOperation } from '../operation.js';

export const moveWorkspaceItem = defineOperation({
  operationId: 'moveWorkspaceItem',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/workspace/move',
  tag: 'Workspace',
  summary: 'Move a folder, workbook or report into a folder (or the root)',
  description:
    'Needs edit rights on the item and in the target folder. Ids and public ids stay. A folder cannot move under itself (400), its subtree must still fit in 10 levels (400 "folder too deep"), and a sibling with its name is a 409 `name_taken`.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  body: MoveWorkspaceItemInput,
  response: WorkspaceItem,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'name_taken'],
});
