import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { CreateFolderInput, Folder } from '../../schemas/folder.schema.js';
import { defineOperation } from '../operation.js';

export const createFolder = defineOperation({
  operationId: 'createFolder',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/folders',
  tag: 'Folders',
  summary: 'Create a folder',
  description:
    'Needs edit rights where it is created (ContentEdit at the root, or an edit policy on the parent). At most 10 levels (400 "folder too deep"); a sibling with the same name is a 409 with code `name_taken`.',
  action: 'ContentRead',
  params: DeploymentIdParams,
  body: CreateFolderInput,
  successStatus: 201,
  response: Folder,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'name_taken'],
});
