import { FolderIdParams } from '../../schemas/content.schema.js';
import { Folder } from '../../schemas/folder.schema.js';
import { defineOperation } from '../operation.js';

export const getFolder = defineOperation({
  operationId: 'getFolder',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/folders/{folderId}',
  tag: 'Folders',
  summary: 'One folder',
  action: 'ContentRead',
  params: FolderIdParams,
  response: Folder,
  errors: ['NOT_FOUND'],
});
