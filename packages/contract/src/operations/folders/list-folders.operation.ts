import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { FoldersListResponse, ListFoldersQuery } from '../../schemas/folder.schema.js';
import { defineOperation } from '../operation.js';

export const listFolders = defineOperation({
  operationId: 'listFolders',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/folders',
  tag: 'Folders',
  summary: "The folders at the root, or a folder's subfolders",
  description:
    "Without `parentId` the folders at the root; with it, that folder's subfolders. Sorted by `position`, then name. `data` and `count` (all pages) are deprecated but populated.",
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListFoldersQuery,
  response: FoldersListResponse,
  errors: ['NOT_FOUND'],
});
