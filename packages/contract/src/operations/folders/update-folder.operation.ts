import { FolderIdParams } from '../../schemas/content.schema.js';
import { Folder, UpdateFolderInput } from '../../schemas/folder.schema.js';
import { defineOperation } from '../operation.js';

export const updateFolder = defineOperation({
  operationId: 'updateFolder',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/folders/{folderId}',
  tag: 'Folders',
  summary: 'Rename or reorder a folder',
  description: 'Needs edit rights on the folder. Moving it is POST .../workspace/move.',
  action: 'ContentRead',
  params: FolderIdParams,
  body: UpdateFolderInput,
  response: Folder,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'name_taken'],
});
