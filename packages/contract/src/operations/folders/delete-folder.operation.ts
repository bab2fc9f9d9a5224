import { SuccessResponse } from '../../schemas/common.schema.js';
import { FolderIdParams } from '../../schemas/content.schema.js';
import { DeleteFolderQuery } from '../../schemas/folder.schema.js';
import { defineOperation } from '../operation.js';

export const deleteFolder = defineOperation({
  operationId: 'deleteFolder',
  method: 'DELETE',
  path: '/api/v1/deployments/{deploymentId}/folders/{folderId}',
  tag: 'Folders',
  summary: 'Delete a folder (with `recursive=true`, and everything in it)',
  description:
    'Needs manage rights on the folder (which are manage rights on everything in it). A folder that holds subfolders, workbooks or reports is a 400 unless `recursive=true`.',
  action: 'ContentRead',
  params: FolderIdParams,
  query: DeleteFolderQuery,
  response: SuccessResponse,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
