import { FolderIdParams } from '../../schemas/content.schema.js';
import { FolderAncestors } from '../../schemas/folder.schema.js';
import { defineOperation } from '../operation.js';

export const getFolderAncestors = defineOperation({
  operationId: 'getFolderAncestors',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/folders/{folderId}/ancestors',
  tag: 'Folders',
  summary: 'The folders above a folder, root first (a bare array)',
  action: 'ContentRead',
  params: FolderIdParams,
  response: FolderAncestors,
  errors: ['NOT_FOUND'],
});
